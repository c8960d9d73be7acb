import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isExpired } from "@/lib/contracts/credit-card";
import { CUSTOMER_ID_PATTERN, EXTERNAL_ID_TAKEN } from "@/lib/contracts/customer";
import { type ErrorTree, isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { DATE_EXPIRED } from "@/lib/contracts/messages";
import { TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import {
  CUSTOMER_DOES_NOT_EXIST,
  NO_RECURRING_CONTRACT,
  PLAN_DOES_NOT_EXIST,
  parseSubscriptionCreateRequest,
  RETURN_URL_FOR_THREE_D_SECURE,
  type Subscription,
  type SubscriptionCreateRequest,
  TEST_PLAN_ONLY,
} from "@/lib/contracts/subscription";
import { cards, customers, type PlanRow, subscriptionCycles, subscriptions } from "@/lib/db/schema";
import { addInterval } from "../billing/schedule";
import { shopCardWithToken } from "../cards/card-by-token";
import type { GatewayDeps } from "../context";
import { insertCustomer } from "../customers/create-customer";
import { GatewayError } from "../errors";
import { checkMerchantUrls, urlsAt } from "../net/merchant-url-policy";
import { moneyFingerprint } from "../payments/money-fingerprint";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { tokenizeCard } from "../tokenization/tokenize-card";
import { validateTokenization } from "../tokenization/validate-tokenization";
import { hasRecentDuplicate } from "../transactions/duplicate-check";
import { revealCardNumber } from "../vault/card-vault";
import { recordSubscriptionEvent } from "./events";
import { generateSubscriptionId } from "./ids";
import {
  findPlanRow,
  firstCharge,
  insertPlan,
  PLAN_OUT_OF_BOUNDS,
  type PlanTrial,
  planOutOfBounds,
} from "./plans";
import { RENEWAL_LEASE_SECONDS } from "./renewal-claim";
import { chargeClaimed } from "./renewals";
import { returnUrlWithId, startSubscriptionCheckout } from "./subscription-checkout";
import type { INITIAL_STATES } from "./transitions";
import { findSubscriptionRow, subscriptionFromRow } from "./view";

const SUBSCRIPTION_URL_FIELDS = ["return_url", "notification_url"] as const;

/**
 * POST /subscriptions's flat body as the typed request `createSubscription` takes, or its 422: the request's own
 * rules with the deployment's merchant-URL policy. A body that parses has its URLs judged by `createSubscription`,
 * with what needs the database, so that every error still comes in one 422.
 */
export function validateSubscription(
  deps: Pick<GatewayDeps, "config" | "clock">,
  body: unknown,
): SubscriptionCreateRequest {
  const parsed = parseSubscriptionCreateRequest(body, { now: deps.clock.now() });
  if (!parsed.ok) {
    const urlErrors = checkMerchantUrls(deps.config, urlsAt(body, SUBSCRIPTION_URL_FIELDS));
    throw GatewayError.validation(mergeErrorTrees(parsed.errors, urlErrors));
  }
  return parsed.value;
}

/** Checks what needs the database (ids, the token) and reports it with the request's own errors, in one 422. */
async function checkReferences(
  deps: Pick<GatewayDeps, "db" | "clock">,
  shop: AuthenticatedShop,
  request: SubscriptionCreateRequest,
): Promise<{ errors: ErrorTree; plan: PlanRow | null }> {
  let errors: ErrorTree = {};
  let plan: PlanRow | null = null;
  if ("id" in request.plan) {
    plan = await findPlanRow(deps.db, shop.id, request.plan.id);
    if (!plan) errors = mergeErrorTrees(errors, { plan: { id: [PLAN_DOES_NOT_EXIST] } });
    else if (planOutOfBounds(plan)) errors = mergeErrorTrees(errors, { plan: { id: [PLAN_OUT_OF_BOUNDS] } });
  }
  const test = shop.test || request.test;
  const planIsTest = plan ? plan.test : "new" in request.plan ? shop.test || request.plan.new.test : true;
  if (test && !planIsTest) errors = mergeErrorTrees(errors, { plan: { test: [TEST_PLAN_ONLY] } });
  if ("id" in request.customer) {
    // As a plan's: an id no customer can have is looked for nowhere (a NUL byte would be the database's error).
    const id = request.customer.id;
    const [row] = CUSTOMER_ID_PATTERN.test(id)
      ? await deps.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.id, id), eq(customers.shopId, shop.id)))
      : [];
    if (!row) errors = mergeErrorTrees(errors, { customer: { id: [CUSTOMER_DOES_NOT_EXIST] } });
  } else if (request.customer.new.external_id !== undefined) {
    const [taken] = await deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.shopId, shop.id), eq(customers.externalId, request.customer.new.external_id)));
    if (taken) errors = mergeErrorTrees(errors, { customer: { external_id: [EXTERNAL_ID_TAKEN] } });
  }
  if (request.card?.token !== undefined) {
    const [stored] = await deps.db.select().from(cards).where(shopCardWithToken(request.card.token, shop.id));
    if (!stored) errors = mergeErrorTrees(errors, { card: { token: [TOKEN_DOES_NOT_EXIST] } });
    else if (!stored.contract.includes("recurring")) {
      errors = mergeErrorTrees(errors, { card: { token: [NO_RECURRING_CONTRACT] } });
    } else if (isExpired(stored.expMonth, stored.expYear, deps.clock.now())) {
      errors = mergeErrorTrees(errors, { card: { exp_year: [DATE_EXPIRED] } });
    }
  }
  return { errors, plan };
}

/**
 * POST /subscriptions, its request validated (`validateSubscription`). Everything is validated before anything is
 * written; a card sent in full is tokenized with contract `recurring` through the tokenization path; then the
 * subscription, its new customer and its new plan are written in ONE database transaction (with the first billing
 * cycle's key and the `created` event), so a refusal anywhere leaves none of them behind. The first charge follows at
 * once, under a claim, exactly as a renewal.
 */
export async function createSubscription(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  request: SubscriptionCreateRequest;
}): Promise<Subscription> {
  const { deps, shop, request } = options;
  const now = deps.clock.now();
  // The URLs as parsed are the URLs as sent (a parsed URL is the string sent, an absent one undefined).
  const urlErrors = checkMerchantUrls(deps.config, urlsAt(request, SUBSCRIPTION_URL_FIELDS));
  const references = await checkReferences(deps, shop, request);
  // Card data on a 3-D Secure shop is verified by its holder, who is sent to the issuer's page and back (as bePaid's
  // subscriptions take it): the request says where back is.
  const holderVerifies =
    request.card !== null && request.card.token === undefined && shop.settings.three_d_secure;
  const returnErrors: ErrorTree =
    holderVerifies && !request.return_url ? { return_url: [RETURN_URL_FOR_THREE_D_SECURE] } : {};
  const errors = mergeErrorTrees(mergeErrorTrees(references.errors, urlErrors), returnErrors);
  if (!isEmptyErrorTree(errors)) throw GatewayError.validation(errors);

  const test = shop.test || request.test || (references.plan?.test ?? false);
  const planTerms = references.plan ?? null;
  const newPlan = "new" in request.plan ? request.plan.new : null;
  const title = planTerms?.title ?? newPlan?.title ?? "";
  const currency = planTerms?.currency ?? newPlan?.currency ?? "";
  const customerEmail = "new" in request.customer ? request.customer.new.email : undefined;
  const customerIp = "new" in request.customer ? request.customer.new.ip : undefined;

  // The first charge meets the 30-second duplicate check (renewals do not): asked before anything is written, so a
  // duplicate is a 422 that leaves nothing behind. (The charge itself checks again, under the writer's lock.)
  const first = planTerms ?? (newPlan ? { trial: newPlan.trial ?? null, amount: newPlan.plan.amount } : null);
  const firstAmount = first ? firstCharge(first) : null;
  if (request.card && firstAmount) {
    let number: string | null = request.card.number ?? null;
    if (request.card.token !== undefined) {
      const [stored] = await deps.db
        .select()
        .from(cards)
        .where(shopCardWithToken(request.card.token, shop.id));
      number = stored ? await revealCardNumber(deps.keyring, stored) : null;
    }
    const fingerprint =
      number &&
      moneyFingerprint(deps.keyring.hashes, {
        type: "payment",
        shopId: shop.id,
        amount: firstAmount.amount,
        currency,
        number,
      });
    if (fingerprint && (await hasRecentDuplicate(deps.db, deps.clock, fingerprint))) {
      throw new GatewayError("duplicate_transaction");
    }
  }

  // A card sent in full becomes a `recurring` token of the shop, as POST /transactions/tokenizations makes it.
  const id = generateSubscriptionId();
  let cardToken: string | null = request.card?.token ?? null;
  let refusedBy: string | null = null;
  /** The tokenization whose 3-D Secure challenge the cardholder has yet to pass. */
  let verifying: string | null = null;
  if (request.card && request.card.token === undefined) {
    let tokenization: Awaited<ReturnType<typeof tokenizeCard>>;
    try {
      tokenization = await tokenizeCard({
        deps,
        shop,
        // Checked as a merchant's tokenization request is: the card's rules and the shop's.
        request: validateTokenization(
          deps,
          {
            request: {
              amount: planTerms?.amount ?? newPlan?.plan.amount,
              currency,
              description: title.slice(0, 255),
              tracking_id: request.tracking_id,
              ...(request.return_url ? { return_url: returnUrlWithId(request.return_url, id) } : {}),
              test,
              // The first charge is what the duplicate check is for; the card's storing is a step of it.
              duplicate_check: false,
              credit_card: request.card,
              additional_data: { contract: ["recurring"] },
              ...(customerEmail ? { customer: { email: customerEmail, ip: customerIp } } : {}),
            },
          },
          shop,
        ),
      });
    } catch (error) {
      // The tokenization's own refusals are the card's: reported under `card`.
      if (error instanceof GatewayError && error.code === "validation_failed" && error.details.errors) {
        const { credit_card, ...rest } = error.details.errors;
        throw GatewayError.validation({ ...rest, ...(credit_card ? { card: credit_card } : {}) });
      }
      throw error;
    }
    if (tokenization.status === "successful" && tokenization.credit_card.token) {
      cardToken = tokenization.credit_card.token;
    } else if (tokenization.status === "incomplete") verifying = tokenization.uid;
    else refusedBy = tokenization.uid;
  }

  const created = await deps.db.transaction(async (tx) => {
    const plan = planTerms ?? (await insertPlan(deps, tx, shop, newPlan as NonNullable<typeof newPlan>));
    const customerId =
      "id" in request.customer
        ? request.customer.id
        : (await insertCustomer(deps, tx, shop.id, request.customer.new)).id;
    const trial = plan.trial as PlanTrial | null;
    const charge = firstCharge(plan);
    const trialEnd = trial ? addInterval(now, trial.interval, trial.interval_unit) : null;
    let state: (typeof INITIAL_STATES)[number];
    if (refusedBy) state = "failed";
    else if (!cardToken) state = "redirecting";
    else state = trial ? "trial" : "active";
    const charging = state !== "failed" && state !== "redirecting" && charge !== null;
    const [row] = await tx
      .insert(subscriptions)
      .values({
        id,
        shopId: shop.id,
        planId: plan.id,
        customerId,
        test,
        state,
        cardToken,
        cardUpdateToken: randomBytes(32).toString("hex"),
        cancelToken: randomBytes(32).toString("hex"),
        trackingId: request.tracking_id ?? null,
        returnUrl: request.return_url ?? null,
        notificationUrl: request.notification_url ?? null,
        additionalData: request.additional_data ?? null,
        language: request.language ?? plan.language ?? null,
        renewAt: state === "trial" ? trialEnd : state === "active" ? now : null,
        activeTo: state === "trial" ? trialEnd : null,
        // Its first plan period starts at the trial's end, or with the first charge now.
        billingAnchor: state === "trial" ? trialEnd : state === "active" ? now : null,
        // While redirecting without a hosted page, the tokenization its holder is verifying (settled by
        // `settleVerifiedCards`).
        lastTransactionUid: refusedBy ?? verifying,
        lastFailure: refusedBy ? "hard" : null,
        // The first charge is this request's to take: no scheduler takes it meanwhile.
        leaseUntil: charging
          ? sql`${deps.clock.sqlNow()} + make_interval(secs => ${RENEWAL_LEASE_SECONDS})`
          : null,
        ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
      })
      .returning();
    if (charging && charge) {
      await tx.insert(subscriptionCycles).values({
        subscriptionId: id,
        cycleNumber: charge.cycleNumber,
        amount: charge.amount,
      });
    }
    await recordSubscriptionEvent(deps, tx, "subscription.created", row);
    // A trial starts now; a paid start is told when its first charge is paid.
    if (state === "trial") await recordSubscriptionEvent(deps, tx, "subscription.started", row);
    if (state === "failed") await recordSubscriptionEvent(deps, tx, "subscription.failed", row);
    return { row, charging };
  });
  deps.outbox.nudge();

  if (created.row.state === "redirecting" && !verifying) {
    await startSubscriptionCheckout(deps, shop, created.row);
  } else if (created.charging) {
    await chargeClaimed(deps, created.row, { first: true });
  }
  const row = await findSubscriptionRow(deps.db, id);
  if (!row) throw new Error(`Subscription ${id} vanished`);
  return subscriptionFromRow(deps, deps.db, row);
}
