import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import type { CustomerCreateRequest } from "@/lib/contracts/customer";
import {
  checkouts,
  plans,
  type SubscriptionRow,
  subscriptionCycles,
  subscriptions,
  transactions,
} from "@/lib/db/schema";
import { addInterval, nextDaytime } from "../billing/schedule";
import { createCheckout, validateCheckout } from "../checkouts/create-checkout";
import type { GatewayDeps } from "../context";
import { insertCustomer } from "../customers/create-customer";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { recordSubscriptionEvent } from "./events";
import { holdSubscription, notHeld } from "./hold";
import { firstCharge, type PlanTrial } from "./plans";
import { RENEWAL_LEASE_SECONDS } from "./renewal-claim";
import { chargeClaimed } from "./renewals";
import { transition } from "./transitions";

/** The merchant's return_url with the subscription's id added (`?id=sbs_…`). */
export function returnUrlWithId(returnUrl: string, id: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set("id", id);
  return url.toString();
}

/** The customer record of a payment made on the hosted page: the details the shopper gave there. */
function customerOfPayment(transaction: typeof transactions.$inferSelect): CustomerCreateRequest {
  const body = transaction.body as {
    customer?: Record<string, unknown>;
    billing_address?: Record<string, unknown>;
  };
  const text = (value: unknown): string | undefined =>
    typeof value === "string" && value.trim() !== "" ? value : undefined;
  const customer = body.customer ?? {};
  const billing = body.billing_address ?? {};
  const field = (name: string) => text(customer[name]) ?? text(billing[name]);
  return {
    email: field("email") ?? "",
    ip: field("ip") ?? "",
    first_name: field("first_name"),
    last_name: field("last_name"),
    address: field("address"),
    city: field("city"),
    country: field("country") as CustomerCreateRequest["country"],
    zip: field("zip"),
    state: field("state"),
    phone: field("phone"),
  };
}

/**
 * A redirecting subscription's hosted page: a checkout session that takes the first payment (or, for a free
 * trial, stores the card) with contract `recurring`, so the card is kept for the renewals whatever the shopper
 * would choose — the save-card choice is not shown.
 */
export async function startSubscriptionCheckout(
  deps: Pick<GatewayDeps, "config" | "db" | "clock">,
  shop: AuthenticatedShop,
  row: SubscriptionRow,
  options: { customerFields?: CheckoutCustomerField[] } = {},
): Promise<void> {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  const trial = plan.trial as PlanTrial | null;
  const free = trial !== null && trial.amount === 0;
  const session = await createCheckout({
    deps,
    shop,
    // The card is kept to be charged without the subscriber: it is authenticated here, whatever the shop's setting.
    requireThreeDSecure: true,
    request: validateCheckout(deps, {
      checkout: {
        transaction_type: free ? "tokenization" : "payment",
        test: row.test,
        attempts: 3,
        order: {
          amount: trial && !free ? trial.amount : plan.amount,
          currency: plan.currency,
          description: plan.title.slice(0, 255),
          tracking_id: row.trackingId ?? undefined,
          additional_data: { contract: ["recurring"] },
        },
        settings: {
          ...(row.returnUrl ? { return_url: returnUrlWithId(row.returnUrl, row.id) } : {}),
          language: row.language ?? "en",
          save_card_toggle: { display: false },
          ...(options.customerFields
            ? { customer_fields: { visible: options.customerFields, read_only: [] } }
            : {}),
        },
      },
    }),
  });
  await deps.db
    .update(subscriptions)
    .set({ checkoutToken: session.token })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.state, "redirecting")));
}

/**
 * Moves redirecting subscriptions on once their hosted page has ended: paid → `trial` or `active` with the card the
 * page kept (the page's payment is the first billing cycle's), declined on every attempt → `failed`, expired
 * unpaid → `expired`. Run by the scheduler; safe on several instances (guarded transitions).
 */
export async function settleRedirectingSubscriptions(
  deps: GatewayDeps,
  options: { subscriptionId?: string; limit?: number } = {},
): Promise<number> {
  const rows = await deps.db
    .select({ subscription: subscriptions, checkout: checkouts })
    .from(subscriptions)
    .innerJoin(checkouts, eq(checkouts.token, subscriptions.checkoutToken))
    .where(
      and(
        eq(subscriptions.state, "redirecting"),
        isNotNull(subscriptions.checkoutToken),
        notHeld(),
        options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
        sql`(${checkouts.status} in ('successful', 'failed', 'error') or ${checkouts.expiresAt} <= ${deps.clock.sqlNow()})`,
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(options.limit ?? 50);
  const settled = await settleEach(deps, rows, ({ subscription, checkout }) =>
    settleOne(deps, subscription, checkout),
  );
  return settled + (await settleVerifiedCards(deps, options));
}

/**
 * Settles each row on its own; how many moved. One that cannot be settled (its plan's dates cannot be stored) is
 * held for the operator, and never stops the others behind it.
 */
async function settleEach<Row extends { subscription: SubscriptionRow }>(
  deps: Pick<GatewayDeps, "db" | "logger" | "clock">,
  rows: readonly Row[],
  settle: (row: Row) => Promise<boolean>,
): Promise<number> {
  let settled = 0;
  for (const row of rows) {
    try {
      if (await settle(row)) settled += 1;
    } catch (error) {
      await holdSubscription(deps, deps.db, row.subscription.id, error);
    }
  }
  return settled;
}

/**
 * Moves on the redirecting subscriptions whose card (sent in full to `POST /subscriptions` on a 3-D Secure shop)
 * waited for its holder's challenge, once the tokenization has ended: verified → `trial` or `active` with the
 * card, and the first charge taken at once under a claim, as `POST /subscriptions` takes it; not verified →
 * `failed`. Safe on several instances: the move is guarded by the state, and only the one that made it charges.
 */
async function settleVerifiedCards(
  deps: GatewayDeps,
  options: { subscriptionId?: string; limit?: number },
): Promise<number> {
  const rows = await deps.db
    .select({ subscription: subscriptions, transaction: transactions })
    .from(subscriptions)
    .innerJoin(transactions, eq(transactions.uid, subscriptions.lastTransactionUid))
    .where(
      and(
        eq(subscriptions.state, "redirecting"),
        isNull(subscriptions.checkoutToken),
        notHeld(),
        ne(transactions.status, "incomplete"),
        options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(options.limit ?? 50);
  return settleEach(deps, rows, ({ subscription, transaction }) =>
    settleVerified(deps, subscription, transaction),
  );
}

async function settleVerified(
  deps: GatewayDeps,
  row: SubscriptionRow,
  transaction: typeof transactions.$inferSelect,
): Promise<boolean> {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  const now = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    if (transaction.status !== "successful" || !transaction.cardToken) {
      const failed = await transition(tx, {
        id: row.id,
        from: "redirecting",
        to: "failed",
        set: { lastFailure: "hard", renewAt: null },
      });
      if (failed) await recordSubscriptionEvent(deps, tx, "subscription.failed", failed);
      return failed ? { row: failed, charging: false } : null;
    }
    const trial = plan.trial as PlanTrial | null;
    const charge = firstCharge(plan);
    const trialEnd = trial ? addInterval(now, trial.interval, trial.interval_unit) : null;
    const updated = await transition(tx, {
      id: row.id,
      from: "redirecting",
      to: trial ? "trial" : "active",
      set: {
        cardToken: transaction.cardToken,
        renewAt: trial ? trialEnd : now,
        activeTo: trialEnd,
        billingAnchor: trialEnd ?? now,
        // The first charge is this settling's to take: no scheduler takes it meanwhile.
        leaseUntil: charge ? new Date(now.getTime() + RENEWAL_LEASE_SECONDS * 1000) : null,
      },
    });
    if (!updated) return null;
    // A trial starts now; a paid start is told when its first charge is paid.
    if (trial) await recordSubscriptionEvent(deps, tx, "subscription.started", updated);
    if (charge) {
      await tx
        .insert(subscriptionCycles)
        .values({ subscriptionId: row.id, cycleNumber: charge.cycleNumber, amount: charge.amount });
    }
    return { row: updated, charging: charge !== null };
  });
  if (!moved) return false;
  deps.outbox.nudge();
  if (moved.charging) await chargeClaimed(deps, moved.row, { first: true });
  return true;
}

async function settleOne(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "shops" | "outbox">,
  row: SubscriptionRow,
  checkout: typeof checkouts.$inferSelect,
): Promise<boolean> {
  const uid = checkout.transactionUids.at(-1) ?? null;
  const [transaction] = uid ? await deps.db.select().from(transactions).where(eq(transactions.uid, uid)) : [];
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  const now = deps.clock.now();
  // Read before the transaction: on the embedded database a shop lookup inside it (one that missed the cache)
  // would wait for the connection the transaction holds, for ever.
  const shop = await deps.shops.get(row.shopId);
  const changed = await deps.db.transaction(async (tx) => {
    if (checkout.status === "successful" && transaction?.cardToken) {
      const trial = plan.trial as PlanTrial | null;
      const free = trial !== null && trial.amount === 0;
      const cycleNumber = trial ? (trial.as_first_payment ? 1 : 0) : 1;
      if (!free) {
        await tx
          .insert(subscriptionCycles)
          .values({
            subscriptionId: row.id,
            cycleNumber,
            amount: transaction.amount,
            state: "paid",
            attempts: 1,
            paidUid: transaction.uid,
          })
          .onConflictDoNothing();
      }
      const trialEnd = trial ? addInterval(now, trial.interval, trial.interval_unit) : null;
      const activeTo = trialEnd ?? addInterval(now, plan.interval, plan.intervalUnit);
      // Opened from the plan's pay_url: the customer is the one the shopper described on the page.
      const customerId =
        row.customerId ?? (await insertCustomer(deps, tx, row.shopId, customerOfPayment(transaction))).id;
      const renewAt = plan.preventPaymentsAtNight
        ? nextDaytime(activeTo, shop?.settings.time_zone ?? "UTC")
        : activeTo;
      const updated = await transition(tx, {
        id: row.id,
        from: "redirecting",
        to: trial ? "trial" : "active",
        set: {
          customerId,
          cardToken: transaction.cardToken,
          lastTransactionUid: transaction.uid,
          paidBillingCycles: !free && cycleNumber === 1 ? 1 : 0,
          activeTo,
          // The first plan period starts at the trial's end, or with the page's payment now.
          billingAnchor: trialEnd ?? now,
          renewAt,
        },
      });
      // Started, whether the page took its first payment or stored the card of a free trial.
      if (updated) await recordSubscriptionEvent(deps, tx, "subscription.started", updated);
      return updated !== null;
    }
    const to = checkout.status === "failed" || checkout.status === "error" ? "failed" : "expired";
    const updated = await transition(tx, {
      id: row.id,
      from: "redirecting",
      to,
      set: { lastTransactionUid: uid, renewAt: null },
    });
    if (updated && to === "failed") await recordSubscriptionEvent(deps, tx, "subscription.failed", updated);
    return updated !== null;
  });
  if (changed) deps.outbox.nudge();
  return changed;
}
