import type { CheckoutView } from "@/lib/contracts/checkout";
import type { Customer, CustomerCreateInput } from "@/lib/contracts/customer";
import {
  ADMIN_SESSION_HEADER,
  type AdminSession,
  type DailyReport,
  type DailyReportDay,
  type ShopProfile,
} from "@/lib/contracts/merchant";
import type { TransactionType } from "@/lib/contracts/money-result";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { ShopSettingsInput } from "@/lib/contracts/shop-settings";
import type { ShopperEmail, ShopperEmailMessage } from "@/lib/contracts/shopper-emails";
import type { Transaction, TransactionStatus } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { getConfig } from "@/lib/server/config";
import type { ShopCredentials } from "./checkout";
import { currentClientAddress } from "./forwarded-address";
import { type GatewayConnection, type GatewayResult, requestGateway } from "./http";

/**
 * The merchant side of the gateway's API, as the admin area uses it: shop, customers, transactions with their
 * webhook deliveries, checkout sessions and the daily report, all with the shop's own Basic credentials.
 * Server-side only. List endpoints answer with `X-Total-Count`, which the shared transport does not expose, so
 * the calls go through `callMerchantApi` below; its answers have the same `GatewayResult` shape.
 */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

export interface PageQuery {
  page?: number;
  perPage?: number;
}

export interface TransactionFilters extends PageQuery {
  /** One tracking id or several separated by `;`; a transaction matches when any of them equals one of its own. */
  trackingId?: string;
  status?: TransactionStatus;
  type?: TransactionType;
  /** YYYY-MM-DD, inclusive (UTC). */
  createdFrom?: string;
  /** YYYY-MM-DD, inclusive (UTC). */
  createdTo?: string;
  /** Children (captures, voids, refunds) of this transaction only. */
  parentUid?: string;
  /** The charges of this subscription only (`sbs_…`). */
  subscriptionId?: string;
}

/** A capture, void or refund of `parentUid`, in minor units of the parent's currency. */
export interface ChildTransactionRequest {
  parentUid: string;
  amount: number;
  /** Refunds only (required there). */
  reason?: string;
  /** Sent as `RequestID`: a repeat with the same id is answered with the first answer, moving no money twice. */
  requestId?: string;
}

type Query = Record<string, string | number | undefined>;

interface MerchantRequest<T> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Query;
  credentials: ShopCredentials;
  body?: unknown;
  /** Multipart instead of JSON (a dispute's evidence file). */
  form?: FormData;
  requestId?: string;
  /** Picks the payload out of a 2xx answer; undefined means the answer is not the protocol's. */
  read: (body: unknown, headers: Headers) => T | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function basicAuthorization(credentials: ShopCredentials): string {
  return `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`, "utf8").toString("base64")}`;
}

function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function callMerchantApi<T>(
  connection: GatewayConnection,
  request: MerchantRequest<T>,
): Promise<GatewayResult<T>> {
  const answer = await requestGateway(connection, {
    method: request.method,
    path: withQuery(request.path, request.query),
    authorization: basicAuthorization(request.credentials),
    body: request.body,
    form: request.form,
    headers: request.credentials.sessionId
      ? { [ADMIN_SESSION_HEADER]: request.credentials.sessionId }
      : undefined,
    requestId: request.requestId,
  });
  if (!answer.ok) return answer;
  const data = request.read(answer.body, answer.headers);
  return data === undefined
    ? { ok: false, kind: "unavailable", status: answer.status, message: "Unexpected gateway answer" }
    : { ok: true, status: answer.status, data };
}

const envelope =
  <T>(key: string) =>
  (body: unknown): T | undefined =>
    isObject(body) && isObject(body[key]) ? (body[key] as T) : undefined;

const listIn =
  <T>(key: string | null, paging: Required<PageQuery>) =>
  (body: unknown, headers: Headers): Page<T> | undefined => {
    const items = key === null ? body : isObject(body) ? body[key] : undefined;
    if (!Array.isArray(items)) return undefined;
    const counted = Number(headers.get("x-total-count"));
    // A compatible gateway without the header: the page itself is all we know.
    const total = Number.isInteger(counted) && counted >= 0 ? counted : items.length;
    return {
      items: items as T[],
      total,
      page: paging.page,
      perPage: paging.perPage,
      pageCount: Math.max(1, Math.ceil(total / paging.perPage)),
    };
  };

const DEFAULT_PAGE_SIZE = 25;

function paging(query: PageQuery): Required<PageQuery> {
  return { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PAGE_SIZE };
}

// Ids go into URL paths; anything outside these shapes is answered as not found without asking the gateway.
const CUSTOMER_ID = /^cst_[0-9a-zA-Z]{1,64}$/;
const SHOPPER_EMAIL_ID = /^eml_[0-9a-f]{16}$/;

const CHILD_PATHS = {
  capture: "/transactions/captures",
  void: "/transactions/voids",
  refund: "/transactions/refunds",
} as const;

function notFound<T>(what: string): Promise<GatewayResult<T>> {
  return Promise.resolve({ ok: false, kind: "not_found", status: 404, message: `Malformed ${what}` });
}

export function merchantClient(connection: GatewayConnection) {
  return {
    getShop(credentials: ShopCredentials) {
      return callMerchantApi<ShopProfile>(connection, {
        method: "GET",
        path: "/shop",
        credentials,
        read: envelope("shop"),
      });
    },

    /** Changes only the settings sent; answers the whole shop. */
    updateShopSettings(credentials: ShopCredentials, settings: Partial<ShopSettingsInput>) {
      return callMerchantApi<ShopProfile>(connection, {
        method: "PATCH",
        path: "/shop",
        credentials,
        body: { settings },
        read: envelope("shop"),
      });
    },

    /** A new secret key, shown this once; the old one stops working at once. */
    /** Sign-in: a session the gateway can end, to send along (`credentials.sessionId`) from now on. */
    startAdminSession(credentials: ShopCredentials) {
      return callMerchantApi<AdminSession>(connection, {
        method: "POST",
        path: "/shop/sessions",
        credentials,
        read: (body) =>
          isObject(body) && isObject(body.session) && typeof body.session.id === "string"
            ? (body.session as unknown as AdminSession)
            : undefined,
      });
    },

    /** Sign-out: the session named in `credentials` stops working everywhere. */
    endAdminSession(credentials: ShopCredentials) {
      return callMerchantApi<null>(connection, {
        method: "DELETE",
        path: "/shop/sessions/current",
        credentials,
        read: () => null,
      });
    },

    rotateSecretKey(credentials: ShopCredentials) {
      return callMerchantApi<string>(connection, {
        method: "POST",
        path: "/shop/secret_key",
        credentials,
        read: (body) =>
          isObject(body) && typeof body.secret_key === "string" && body.secret_key !== ""
            ? body.secret_key
            : undefined,
      });
    },

    listCustomers(credentials: ShopCredentials, query: PageQuery & { email?: string } = {}) {
      const pages = paging(query);
      return callMerchantApi<Page<Customer>>(connection, {
        method: "GET",
        path: "/customers",
        query: { page: pages.page, per_page: pages.perPage, email: query.email },
        credentials,
        read: listIn<Customer>(null, pages),
      });
    },

    getCustomer(credentials: ShopCredentials, id: string) {
      if (!CUSTOMER_ID.test(id)) return notFound<Customer>("customer id");
      return callMerchantApi<Customer>(connection, {
        method: "GET",
        path: `/customers/${id}`,
        credentials,
        read: (body) =>
          isObject(body) && typeof body.id === "string" ? (body as unknown as Customer) : undefined,
      });
    },

    createCustomer(credentials: ShopCredentials, customer: CustomerCreateInput) {
      return callMerchantApi<Customer>(connection, {
        method: "POST",
        path: "/customers",
        credentials,
        body: customer,
        read: (body) =>
          isObject(body) && typeof body.id === "string" ? (body as unknown as Customer) : undefined,
      });
    },

    listTransactions(credentials: ShopCredentials, filters: TransactionFilters = {}) {
      const pages = paging(filters);
      return callMerchantApi<Page<Transaction>>(connection, {
        method: "GET",
        path: "/transactions",
        query: {
          page: pages.page,
          per_page: pages.perPage,
          tracking_id: filters.trackingId,
          status: filters.status,
          type: filters.type,
          created_from: filters.createdFrom,
          created_to: filters.createdTo,
          parent_uid: filters.parentUid,
          subscription_id: filters.subscriptionId,
        },
        credentials,
        read: listIn<Transaction>("transactions", pages),
      });
    },

    getTransaction(credentials: ShopCredentials, uid: string) {
      if (!isTransactionUid(uid)) return notFound<Transaction>("transaction uid");
      return callMerchantApi<Transaction>(connection, {
        method: "GET",
        path: `/transactions/${uid}`,
        credentials,
        read: envelope("transaction"),
      });
    },

    /**
     * POST /transactions/captures, /voids or /refunds. A declined child is an answer like any other (200, its
     * `status` says so); a child the gateway refuses (over the remainder, wrong state) is `invalid`.
     */
    createChildTransaction(
      credentials: ShopCredentials,
      operation: "capture" | "void" | "refund",
      child: ChildTransactionRequest,
    ) {
      if (!isTransactionUid(child.parentUid)) return notFound<Transaction>("transaction uid");
      return callMerchantApi<Transaction>(connection, {
        method: "POST",
        path: CHILD_PATHS[operation],
        credentials,
        requestId: child.requestId,
        body: {
          request: {
            parent_uid: child.parentUid,
            amount: child.amount,
            ...(operation === "refund" ? { reason: child.reason } : {}),
          },
        },
        read: envelope("transaction"),
      });
    },

    listNotifications(credentials: ShopCredentials, uid: string) {
      if (!isTransactionUid(uid)) return notFound<NotificationDelivery[]>("transaction uid");
      return callMerchantApi<NotificationDelivery[]>(connection, {
        method: "GET",
        path: `/transactions/${uid}/notifications`,
        credentials,
        read: (body) =>
          isObject(body) && Array.isArray(body.notifications)
            ? (body.notifications as NotificationDelivery[])
            : undefined,
      });
    },

    /** Queues a new delivery of the transaction's webhook; answers that delivery. */
    resendNotification(credentials: ShopCredentials, uid: string) {
      if (!isTransactionUid(uid)) return notFound<NotificationDelivery>("transaction uid");
      return callMerchantApi<NotificationDelivery>(connection, {
        method: "POST",
        path: `/transactions/${uid}/notifications/resend`,
        credentials,
        read: envelope("notification"),
      });
    },

    listCheckouts(credentials: ShopCredentials, query: PageQuery = {}) {
      const pages = paging(query);
      return callMerchantApi<Page<CheckoutView>>(connection, {
        method: "GET",
        path: "/ctp/api/checkouts",
        query: { page: pages.page, per_page: pages.perPage },
        credentials,
        read: listIn<CheckoutView>("checkouts", pages),
      });
    },

    /** E-mails sent (or kept) to the shop's shoppers, newest first; of one transaction with `transactionUid`. */
    listShopperEmails(credentials: ShopCredentials, query: PageQuery & { transactionUid?: string } = {}) {
      const pages = paging(query);
      return callMerchantApi<Page<ShopperEmail>>(connection, {
        method: "GET",
        path: "/emails",
        query: { page: pages.page, per_page: pages.perPage, transaction_uid: query.transactionUid },
        credentials,
        read: listIn<ShopperEmail>(null, pages),
      });
    },

    /** One e-mail with its rendered message (HTML and plain text). */
    getShopperEmail(credentials: ShopCredentials, id: string) {
      if (!SHOPPER_EMAIL_ID.test(id)) return notFound<ShopperEmailMessage>("e-mail id");
      return callMerchantApi<ShopperEmailMessage>(connection, {
        method: "GET",
        path: `/emails/${id}`,
        credentials,
        read: envelope("email"),
      });
    },

    /** Makes an e-mail due again at once. */
    resendShopperEmail(credentials: ShopCredentials, id: string) {
      if (!SHOPPER_EMAIL_ID.test(id)) return notFound<ShopperEmail>("e-mail id");
      return callMerchantApi<ShopperEmail>(connection, {
        method: "POST",
        path: `/emails/${id}/resend`,
        credentials,
        read: envelope("email"),
      });
    },

    /** Days from `from` to `to` inclusive (YYYY-MM-DD, UTC). */
    /** The shop's live money, or with `test` its test money (a test-mode shop's reports are always test money). */
    getDailyReport(credentials: ShopCredentials, range: { from: string; to: string; test?: boolean }) {
      return callMerchantApi<DailyReport>(connection, {
        method: "GET",
        path: "/reports/daily",
        query: { from: range.from, to: range.to, ...(range.test ? { test: "true" } : {}) },
        credentials,
        read: (body) =>
          isObject(body) && Array.isArray(body.days) && typeof body.test === "boolean"
            ? (body as DailyReport)
            : undefined,
      });
    },
  };
}

export type { DailyReport, DailyReportDay, ShopProfile };

export type MerchantClient = ReturnType<typeof merchantClient>;

let cached: MerchantClient | undefined;

/** The admin area's client of the gateway at `GATEWAY_BASE_URL`. */
export function getMerchantClient(): MerchantClient {
  cached ??= merchantClient({ baseUrl: getConfig().gatewayBaseUrl, forwardedFor: currentClientAddress });
  return cached;
}
