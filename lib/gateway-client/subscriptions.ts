import type {
  Plan,
  Proration,
  Subscription,
  SubscriptionCancelView,
  SubscriptionCharges,
  SubscriptionTimeline,
} from "@/lib/contracts/subscription";
import { getConfig } from "@/lib/server/config";
import type { ShopCredentials } from "./checkout";
import { currentClientAddress } from "./forwarded-address";
import { type GatewayConnection, type GatewayResult, requestGateway } from "./http";
import { callMerchantApi, type Page, type PageQuery } from "./merchant";

/** Plans, subscriptions and their report as the admin area uses them, with the shop's own Basic credentials. */

const SUBSCRIPTION_ID = /^sbs_[0-9a-f]{16}$/;
const DEFAULT_PAGE_SIZE = 25;

/** GET /reports/subscriptions. */
export interface SubscriptionReport {
  mrr: { currency: string; amount: string; subscriptions: number }[];
  states: Record<string, number>;
  recovered: { cycles: number; subscriptions: number; amounts: { currency: string; amount: string }[] };
}

function hasId<T>(body: unknown): body is T {
  return typeof body === "object" && body !== null && typeof (body as { id?: unknown }).id === "string";
}

/** A reader of an object known by the array it holds under `key` (`{"timeline": [...]}`), typed as `T`. */
function listUnder<T>(key: string) {
  return (body: unknown): T | undefined =>
    typeof body === "object" && body !== null && Array.isArray((body as Record<string, unknown>)[key])
      ? (body as T)
      : undefined;
}

function pageReader<T>(page: number, perPage: number) {
  return (body: unknown, headers: Headers): Page<T> | undefined => {
    if (!Array.isArray(body)) return undefined;
    const counted = Number(headers.get("x-total-count"));
    const total = Number.isInteger(counted) && counted >= 0 ? counted : body.length;
    return { items: body as T[], total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
  };
}

export function subscriptionsClient(connection: GatewayConnection) {
  return {
    listPlans(credentials: ShopCredentials, query: PageQuery = {}) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
      return callMerchantApi<Page<Plan>>(connection, {
        method: "GET",
        path: "/plans",
        query: { page, per_page: perPage },
        credentials,
        read: pageReader<Plan>(page, perPage),
      });
    },

    createPlan(credentials: ShopCredentials, plan: Record<string, unknown>) {
      return callMerchantApi<Plan>(connection, {
        method: "POST",
        path: "/plans",
        credentials,
        body: plan,
        read: (body) => (hasId<Plan>(body) ? body : undefined),
      });
    },

    listSubscriptions(
      credentials: ShopCredentials,
      query: PageQuery & { state?: string; planId?: string; excludeStates?: readonly string[] } = {},
    ) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
      return callMerchantApi<Page<Subscription>>(connection, {
        method: "GET",
        path: "/subscriptions",
        query: {
          page,
          per_page: perPage,
          state: query.state,
          plan_id: query.planId,
          exclude_state: query.excludeStates?.length ? query.excludeStates.join(",") : undefined,
        },
        credentials,
        read: pageReader<Subscription>(page, perPage),
      });
    },

    getSubscription(credentials: ShopCredentials, id: string) {
      if (!SUBSCRIPTION_ID.test(id)) {
        return Promise.resolve({
          ok: false as const,
          kind: "not_found" as const,
          status: 404,
          message: "Malformed subscription id",
        });
      }
      return callMerchantApi<Subscription>(connection, {
        method: "GET",
        path: `/subscriptions/${id}`,
        credentials,
        read: (body) => (hasId<Subscription>(body) ? body : undefined),
      });
    },

    cancelSubscription(credentials: ShopCredentials, id: string, reason: string) {
      return callMerchantApi<Subscription>(connection, {
        method: "POST",
        path: `/subscriptions/${encodeURIComponent(id)}/cancel`,
        credentials,
        body: { cancel_reason: reason },
        read: (body) => (hasId<Subscription>(body) ? body : undefined),
      });
    },

    /** Its events and its subscriber's e-mails, oldest first. */
    subscriptionTimeline(credentials: ShopCredentials, id: string) {
      return callMerchantApi<SubscriptionTimeline>(connection, {
        method: "GET",
        path: `/subscriptions/${encodeURIComponent(id)}/timeline`,
        credentials,
        read: listUnder<SubscriptionTimeline>("timeline"),
      });
    },

    /** What each of its charges was for: its billing cycle, or a plan change. */
    subscriptionCharges(credentials: ShopCredentials, id: string) {
      return callMerchantApi<SubscriptionCharges>(connection, {
        method: "GET",
        path: `/subscriptions/${encodeURIComponent(id)}/charges`,
        credentials,
        read: listUnder<SubscriptionCharges>("charges"),
      });
    },

    changePlan(credentials: ShopCredentials, id: string, planId: string, proration: Proration) {
      return callMerchantApi<Subscription>(connection, {
        method: "POST",
        path: `/subscriptions/${encodeURIComponent(id)}/change_plan`,
        credentials,
        body: { plan: { id: planId }, proration },
        read: (body) => (hasId<Subscription>(body) ? body : undefined),
      });
    },

    pauseSubscription(credentials: ShopCredentials, id: string, resumeAt: string | null) {
      return callMerchantApi<Subscription>(connection, {
        method: "POST",
        path: `/subscriptions/${encodeURIComponent(id)}/pause`,
        credentials,
        body: resumeAt ? { resume_at: resumeAt } : {},
        read: (body) => (hasId<Subscription>(body) ? body : undefined),
      });
    },

    resumeSubscription(credentials: ShopCredentials, id: string) {
      return callMerchantApi<Subscription>(connection, {
        method: "POST",
        path: `/subscriptions/${encodeURIComponent(id)}/resume`,
        credentials,
        body: {},
        read: (body) => (hasId<Subscription>(body) ? body : undefined),
      });
    },

    /** A live shop's live subscriptions, or with `test` its test ones (a test-mode shop's are always its test ones). */
    subscriptionReport(credentials: ShopCredentials, options: { test?: boolean } = {}) {
      return callMerchantApi<SubscriptionReport>(connection, {
        method: "GET",
        path: "/reports/subscriptions",
        credentials,
        ...(options.test ? { query: { test: "true" } } : {}),
        read: listUnder<SubscriptionReport>("mrr"),
      });
    },
  };
}

export type SubscriptionsClient = ReturnType<typeof subscriptionsClient>;

/**
 * The subscriber's cancel page, acting with its link's token (the capability; no credentials): read what to show,
 * and cancel at the period's end.
 */
export function subscriptionCancelClient(connection: GatewayConnection) {
  const call = async (
    method: "GET" | "POST",
    token: string,
  ): Promise<GatewayResult<SubscriptionCancelView>> => {
    const answer = await requestGateway(connection, {
      method,
      path: `/subscription_cancels/${encodeURIComponent(token)}`,
      // The token in the path is the credential; nothing else is sent.
      authorization: "",
    });
    if (!answer.ok) return answer;
    const body = answer.body as { subscription?: SubscriptionCancelView } | null;
    return body?.subscription
      ? { ok: true, status: answer.status, data: body.subscription }
      : { ok: false, kind: "unavailable", status: answer.status, message: "Unexpected gateway answer" };
  };
  return {
    read: (token: string) => call("GET", token),
    cancel: (token: string) => call("POST", token),
  };
}

let cachedCancel: ReturnType<typeof subscriptionCancelClient> | undefined;

/** The cancel page's client of this deployment's gateway (`GATEWAY_BASE_URL`). */
export function getSubscriptionCancelClient(): ReturnType<typeof subscriptionCancelClient> {
  cachedCancel ??= subscriptionCancelClient({
    baseUrl: getConfig().gatewayBaseUrl,
    forwardedFor: currentClientAddress,
  });
  return cachedCancel;
}

let cached: SubscriptionsClient | undefined;

/** The subscriptions client of this deployment's gateway (`GATEWAY_BASE_URL`). */
export function getSubscriptionsClient(): SubscriptionsClient {
  cached ??= subscriptionsClient({ baseUrl: getConfig().gatewayBaseUrl, forwardedFor: currentClientAddress });
  return cached;
}
