import type { SubscriptionEvent } from "@/lib/contracts/subscription";
import { notificationDeliveries, type SubscriptionRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { newDeliveryId } from "../notifications/delivery-id";
import type { DatabaseTransaction } from "../payments/finish-money-transaction";
import { subscriptionFromRow } from "./view";

/**
 * Every event of a subscription goes through here, inside the database transaction of the change it reports: the
 * webhook to the subscription's `notification_url` (a row of the notification outbox, delivered, signed and
 * retried as a transaction's) commits with the change or not at all. Whatever else should hear of subscriptions
 * (e-mails to the shopper) hooks in here.
 */
export async function recordSubscriptionEvent(
  deps: Pick<GatewayDeps, "keyring" | "config" | "logger">,
  tx: DatabaseTransaction,
  event: SubscriptionEvent,
  row: SubscriptionRow,
): Promise<void> {
  deps.logger.info(
    { subscriptionId: row.id, shopId: row.shopId, event, state: row.state },
    "subscription event",
  );
  if (!row.notificationUrl) return;
  const subscription = await subscriptionFromRow(deps, tx, row);
  await tx.insert(notificationDeliveries).values({
    id: newDeliveryId(),
    shopId: row.shopId,
    transactionUid: null,
    subscriptionId: row.id,
    payload: { ...subscription, event },
    url: row.notificationUrl,
  });
}
