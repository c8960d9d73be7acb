import { and, eq, inArray } from "drizzle-orm";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { FailureReason, Subscription, SubscriptionEvent } from "@/lib/contracts/subscription";
import {
  customers,
  notificationDeliveries,
  plans,
  type SubscriptionRow,
  shopperEmails,
  shops,
  subscriptionCycles,
  subscriptionEvents,
} from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { shopperEmailRow } from "../emails/enqueue-shopper-email";
import type { SubscriptionEmailFacts } from "../emails/shopper-email-payload";
import { newDeliveryId } from "../transactions/delivery-id";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { subscriptionsFromRows } from "./view";

/**
 * Every event of a subscription goes through here, inside the database transaction of the change it reports: its
 * row of `subscription_events` (the admin's timeline), the webhook to the subscription's `notification_url` (a row of the notification outbox, delivered, signed and
 * retried as a transaction's) and the e-mail to the subscriber (a row of the shopper e-mail outbox) commit with the
 * change or not at all.
 */
/**
 * What recording an event needs. Not the shop directory: events are recorded inside a transaction, and on the
 * embedded database (one connection, held by that transaction) a directory lookup that missed its cache waited for
 * the connection for ever; the shops an e-mail needs are read through the transaction itself.
 */
export type SubscriptionEventDeps = Pick<GatewayDeps, "keyring" | "config" | "logger" | "clock">;

export async function recordSubscriptionEvent(
  deps: SubscriptionEventDeps,
  tx: DatabaseTransaction,
  event: SubscriptionEvent,
  row: SubscriptionRow,
): Promise<void> {
  await recordSubscriptionEvents(deps, tx, [{ event, row }]);
}

/**
 * `recordSubscriptionEvent` for a batch (a scheduler's outcomes), in a few statements for all of it: the views of
 * the subscriptions that have somewhere to send them, one insert of the webhooks and one of the e-mails, each in
 * the order of `events`.
 */
export async function recordSubscriptionEvents(
  deps: SubscriptionEventDeps,
  tx: DatabaseTransaction,
  events: readonly { event: SubscriptionEvent; row: SubscriptionRow }[],
): Promise<void> {
  const kinds = events.map(({ event, row }) => {
    deps.logger.info(
      { subscriptionId: row.id, shopId: row.shopId, event, state: row.state },
      "subscription event",
    );
    // A plan link's subscription has its customer from its first payment on: before that, no one to write to.
    return row.customerId ? shopperEmailKind(event, row) : null;
  });
  if (events.length > 0) {
    await tx.insert(subscriptionEvents).values(
      events.map(({ event, row }) => ({
        subscriptionId: row.id,
        event,
        state: row.state,
        ...(deps.clock.isFixed ? { createdAt: deps.clock.now() } : {}),
      })),
    );
  }
  const shopIds = [...new Set(events.flatMap(({ row }, index) => (kinds[index] ? [row.shopId] : [])))];
  const shopRows = shopIds.length
    ? await tx
        .select({ id: shops.id, name: shops.name, test: shops.test, settings: shops.settings })
        .from(shops)
        .where(inArray(shops.id, shopIds))
    : [];
  const shopById = new Map(
    shopRows.map((shop) => [shop.id, { ...shop, settings: shopSettingsSchema.parse(shop.settings) }]),
  );
  const planned = events.map(({ event, row }, index) => {
    const kind = kinds[index];
    const shop = shopById.get(row.shopId);
    const emails = shop?.settings.customer_emails;
    const email = kind && shop && emails?.enabled && emails.kinds.includes(kind) ? { kind, shop } : null;
    return { event, row, email };
  });
  const viewed = planned.filter((item) => item.row.notificationUrl || item.email);
  if (viewed.length === 0) return;
  const rows = [...new Map(viewed.map((item) => [item.row.id, item.row])).values()];
  const views = await subscriptionsFromRows(deps, tx, rows);
  const viewById = new Map(views.map((view) => [view.id, view]));
  const hooks = viewed.flatMap(({ event, row }) =>
    row.notificationUrl
      ? [
          {
            id: newDeliveryId(),
            shopId: row.shopId,
            transactionUid: null,
            subscriptionId: row.id,
            payload: { ...(viewById.get(row.id) as Subscription), event },
            url: row.notificationUrl,
          },
        ]
      : [],
  );
  if (hooks.length > 0) await tx.insert(notificationDeliveries).values(hooks);
  const mailed = viewed.filter((item) => item.email);
  if (mailed.length === 0) return;
  const customerIds = [...new Set(mailed.map((item) => item.row.customerId as string))];
  const addresses = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.id, customerIds));
  const emailOf = new Map(addresses.map((customer) => [customer.id, customer.email]));
  // A cancel tells a subscriber never charged (a trial, a first charge that failed) just that: nothing was charged.
  const canceledIds = mailed.flatMap(({ row, email }) =>
    email?.kind === "subscription_canceled" ? [row.id] : [],
  );
  const charged = new Set(
    canceledIds.length > 0
      ? (
          await tx
            .selectDistinct({ id: subscriptionCycles.subscriptionId })
            .from(subscriptionCycles)
            .where(
              and(
                inArray(subscriptionCycles.subscriptionId, canceledIds),
                eq(subscriptionCycles.state, "paid"),
              ),
            )
        ).map((cycle) => cycle.id)
      : [],
  );
  // A plan change left for the next cycle tells the plan it changes to.
  const pendingIds = [
    ...new Set(
      mailed.flatMap(({ row, email }) =>
        email?.kind === "plan_changed" && row.pendingPlanId ? [row.pendingPlanId] : [],
      ),
    ),
  ];
  const pendingPlans = new Map(
    (pendingIds.length > 0
      ? await tx
          .select({ id: plans.id, title: plans.title, amount: plans.amount })
          .from(plans)
          .where(inArray(plans.id, pendingIds))
      : []
    ).map((plan) => [plan.id, plan]),
  );
  const outbox = mailed.flatMap(({ row, email }) => {
    if (!email) return [];
    const subscription = viewById.get(row.id) as Subscription;
    const pending = row.pendingPlanId ? pendingPlans.get(row.pendingPlanId) : undefined;
    const plan = email.kind === "plan_changed" && pending ? pending : subscription.plan;
    const message = shopperEmailRow({
      shop: email.shop,
      kind: email.kind,
      language: row.language ?? subscription.plan.language ?? "en",
      to: emailOf.get(row.customerId as string),
      amount: plan.amount,
      currency: subscription.plan.currency,
      description: plan.title,
      card: subscription.card ? { brand: subscription.card.brand, last4: subscription.card.last_4 } : null,
      transactionUid: email.kind === "renewal_failed" ? (subscription.last_transaction?.uid ?? null) : null,
      subscriptionId: row.id,
      test: row.test,
      cardUpdateUrl: subscription.card_update_url,
      neverCharged: email.kind === "subscription_canceled" && !charged.has(row.id),
      subscription: subscriptionFacts(email.kind, row, subscription, plan.amount, charged.has(row.id)),
      at: deps.clock.isFixed ? deps.clock.now() : null,
    });
    return message ? [message] : [];
  });
  if (outbox.length > 0) await tx.insert(shopperEmails).values(outbox);
}

/**
 * What the subscriber hears of an event, if anything. A charge's receipt is the payment's own (its body names the
 * subscription, see `shopperEmailForTransaction`), so `renewed` sends nothing more; `started` says the subscription
 * has started, once, whichever way it started.
 */
function shopperEmailKind(event: SubscriptionEvent, _row: SubscriptionRow): ShopperEmailKind | null {
  switch (event) {
    case "subscription.started":
      return "subscription_started";
    case "subscription.trial_will_end":
      return "trial_will_end";
    case "subscription.renewal_failed":
      return "renewal_failed";
    case "subscription.canceled":
      return "subscription_canceled";
    case "subscription.plan_changed":
      return "plan_changed";
    case "subscription.paused":
      return "subscription_paused";
    case "subscription.resumed":
      return "subscription_resumed";
    default:
      return null;
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The dates, the attempt and the cancel link a subscription's message shows, as the event left the row. Only a paid
 * start reports a charge made now; every other message shows no amount as paid (a charge's receipt is its own).
 */
function subscriptionFacts(
  kind: ShopperEmailKind,
  row: SubscriptionRow,
  subscription: Subscription,
  amount: number,
  charged: boolean,
): SubscriptionEmailFacts {
  const inTrial = row.state === "trial";
  const next = (first: boolean) => (row.renewAt ? { amount, at: row.renewAt.toISOString(), first } : null);
  const facts: SubscriptionEmailFacts = {
    nothingChargedNow: !(kind === "subscription_started" && !inTrial),
    freeTrial: inTrial && (subscription.plan.trial?.amount ?? 0) === 0,
    trialEndsAt: null,
    nextCharge: null,
    activeUntil: null,
    resumeAt: null,
    attempt: null,
    cancelUrl: subscription.cancel_url,
  };
  switch (kind) {
    case "subscription_started":
      return { ...facts, trialEndsAt: inTrial ? iso(row.renewAt) : null, nextCharge: next(inTrial) };
    case "trial_will_end":
      return { ...facts, trialEndsAt: iso(row.renewAt), nextCharge: next(true) };
    case "renewal_failed": {
      const retrying = row.state === "failed_attempt" || row.state === "rescuing";
      return {
        ...facts,
        attempt: {
          number: row.numberFailedPaymentAttempts,
          of: subscription.plan.number_payment_attempts,
          nextAt: retrying ? iso(row.renewAt) : null,
          reason: (row.lastFailureReason as FailureReason | null) ?? "declined",
        },
      };
    }
    case "subscription_canceled":
      return { ...facts, activeUntil: charged ? iso(row.activeTo) : null };
    case "plan_changed":
      return { ...facts, nextCharge: next(false) };
    case "subscription_paused":
      return { ...facts, activeUntil: iso(row.activeTo), resumeAt: iso(row.resumeAt) };
    case "subscription_resumed":
      return { ...facts, nextCharge: next(false) };
    default:
      return facts;
  }
}
