import { eq } from "drizzle-orm";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { Subscription, SubscriptionEvent } from "@/lib/contracts/subscription";
import { customers, notificationDeliveries, type SubscriptionRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { enqueueShopperEmail } from "../emails/enqueue-shopper-email";
import { newDeliveryId } from "../notifications/delivery-id";
import type { DatabaseTransaction } from "../payments/finish-money-transaction";
import { subscriptionFromRow } from "./view";

/**
 * Every event of a subscription goes through here, inside the database transaction of the change it reports: the
 * webhook to the subscription's `notification_url` (a row of the notification outbox, delivered, signed and
 * retried as a transaction's) and the e-mail to the subscriber (a row of the shopper e-mail outbox) commit with the
 * change or not at all.
 */
/**
 * What recording an event needs. `shops` is only looked up in: a caller inside a transaction on the embedded
 * database (one connection, held by the transaction) passes shops it read before opening it, since a lookup that
 * missed the cache would wait for that connection forever.
 */
export type SubscriptionEventDeps = Pick<GatewayDeps, "keyring" | "config" | "logger" | "clock"> & {
  shops: Pick<GatewayDeps["shops"], "get">;
};

export async function recordSubscriptionEvent(
  deps: SubscriptionEventDeps,
  tx: DatabaseTransaction,
  event: SubscriptionEvent,
  row: SubscriptionRow,
): Promise<void> {
  deps.logger.info(
    { subscriptionId: row.id, shopId: row.shopId, event, state: row.state },
    "subscription event",
  );
  const kind = shopperEmailKind(event, row);
  if (!row.notificationUrl && !kind) return;
  const subscription = await subscriptionFromRow(deps, tx, row);
  if (row.notificationUrl) {
    await tx.insert(notificationDeliveries).values({
      id: newDeliveryId(),
      shopId: row.shopId,
      transactionUid: null,
      subscriptionId: row.id,
      payload: { ...subscription, event },
      url: row.notificationUrl,
    });
  }
  if (kind) await queueSubscriberEmail(deps, tx, kind, row, subscription);
}

/**
 * What the subscriber hears of an event, if anything. A renewal's receipt is the renewal payment's own (its body
 * names the subscription, see `shopperEmailForTransaction`), so `renewed` sends nothing more, except that the
 * first paid cycle also says the subscription has started; a subscription that starts with a trial says so at once.
 */
function shopperEmailKind(event: SubscriptionEvent, row: SubscriptionRow): ShopperEmailKind | null {
  switch (event) {
    case "subscription.created":
      return row.state === "trial" ? "subscription_started" : null;
    case "subscription.renewed":
      return row.paidBillingCycles === 1 ? "subscription_started" : null;
    case "subscription.renewal_failed":
      return "renewal_failed";
    case "subscription.canceled":
      return "subscription_canceled";
    default:
      return null;
  }
}

async function queueSubscriberEmail(
  deps: Pick<SubscriptionEventDeps, "shops" | "clock">,
  tx: DatabaseTransaction,
  kind: ShopperEmailKind,
  row: SubscriptionRow,
  subscription: Subscription,
): Promise<void> {
  const shop = await deps.shops.get(row.shopId);
  // A plan link's subscription has its customer from its first payment on: before that, no one to write to.
  if (!shop || !row.customerId) return;
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  await enqueueShopperEmail(tx, {
    shop,
    kind,
    language: row.language ?? subscription.plan.language ?? "en",
    to: customer?.email,
    amount: subscription.plan.amount,
    currency: subscription.plan.currency,
    description: subscription.plan.title,
    card: subscription.card ? { brand: subscription.card.brand, last4: subscription.card.last_4 } : null,
    transactionUid: kind === "renewal_failed" ? (subscription.last_transaction?.uid ?? null) : null,
    subscriptionId: row.id,
    test: row.test,
    cardUpdateUrl: subscription.card_update_url,
    at: deps.clock.isFixed ? deps.clock.now() : null,
  });
}
