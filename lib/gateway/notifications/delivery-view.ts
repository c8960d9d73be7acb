import { asc, inArray } from "drizzle-orm";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { Database } from "@/lib/db/client";
import { type NotificationDeliveryRow, notificationAttempts } from "@/lib/db/schema";

/** Deliveries as the merchant API shows them, each with its attempts (one query for all the attempts). */
export async function viewDeliveries(
  db: Database,
  rows: NotificationDeliveryRow[],
): Promise<NotificationDelivery[]> {
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(notificationAttempts)
          .where(
            inArray(
              notificationAttempts.deliveryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(notificationAttempts.attemptedAt), asc(notificationAttempts.id));
  return rows.map((row) => ({
    id: row.id,
    // Listed by their transaction: a subscription's event (no transaction) never reaches this view.
    transaction_uid: row.transactionUid ?? "",
    url: row.url,
    status: row.status,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        attempted_at: attempt.attemptedAt.toISOString(),
        status_code: attempt.statusCode,
        latency_ms: attempt.latencyMs,
        succeeded: attempt.succeeded,
        error: attempt.error,
      })),
    // While a request is in flight `next_attempt_at` holds the claim's lease, which is close enough to "next".
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
