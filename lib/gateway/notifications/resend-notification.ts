import { and, eq } from "drizzle-orm";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { Database } from "@/lib/db/client";
import { notificationDeliveries } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { newDeliveryId } from "../transactions/delivery-id";
import { getTransaction } from "../transactions/get-transaction";
import { viewDeliveries } from "./delivery-view";
import type { OutboxSignal } from "./outbox-signal";

export interface ResentNotification {
  notification: NotificationDelivery;
  /** False when a re-send that has not been attempted yet was already queued: that one is answered instead. */
  queued: boolean;
}

/**
 * POST /transactions/{uid}/notifications/resend: a new delivery of the transaction's notification (a new
 * `webhook-id`, its own retry schedule), due at once. Asking again before the queued one was even attempted
 * (a double click) queues nothing more.
 */
export async function resendNotification(options: {
  deps: { db: Database; clock: Clock; outbox: OutboxSignal };
  shopId: number;
  uid: string;
}): Promise<ResentNotification> {
  const { deps, shopId, uid } = options;
  const transaction = await getTransaction({ deps, shopId, uid });
  if (!transaction.notification_url) {
    throw GatewayError.validation({ notification_url: ["is not set for this transaction"] });
  }
  // An unfinished transaction's notification is sent when it finishes; its body would say nothing yet.
  if (transaction.status === "incomplete") throw GatewayError.base("Transaction is not finished yet");

  const [waiting] = await deps.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.transactionUid, uid),
        eq(notificationDeliveries.status, "pending"),
        eq(notificationDeliveries.attempts, 0),
      ),
    )
    .limit(1);
  if (waiting) {
    const [notification] = await viewDeliveries(deps.db, [waiting]);
    return { notification, queued: false };
  }
  const fixedTime = deps.clock.isFixed ? deps.clock.now() : null;
  const [row] = await deps.db
    .insert(notificationDeliveries)
    .values({
      id: newDeliveryId(),
      shopId,
      transactionUid: uid,
      url: transaction.notification_url,
      ...(fixedTime ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime } : {}),
    })
    .returning();
  deps.outbox.nudge();
  const [notification] = await viewDeliveries(deps.db, [row]);
  return { notification, queued: true };
}
