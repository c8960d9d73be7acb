import { randomUUID } from "node:crypto";

/** Id of a notification delivery, sent as the Standard Webhooks `webhook-id` (stable across retries). */
export function newDeliveryId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/**
 * The outbox row of a transaction's webhook, to insert with its end: due at once. Under a fixed clock (a test's),
 * its times are that clock's; otherwise the columns' defaults (the database's time).
 */
export function transactionDeliveryRow(
  delivery: { shopId: number; transactionUid: string; url: string },
  fixedTime: Date | null,
) {
  return {
    id: newDeliveryId(),
    ...delivery,
    ...(fixedTime ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime } : {}),
  };
}
