import { eq, sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import { notificationAttempts, notificationDeliveries } from "@/lib/db/schema";
import type { Clock } from "../clock";

/** A delivery claimed by this instance: no other instance takes it until the lease ends. */
export interface ClaimedDelivery {
  id: string;
  shopId: number;
  /** Null for a subscription's event, whose body is `payload`. */
  transactionUid: string | null;
  /** A subscription event's body as it was when the event happened (the subscription and `event`). */
  payload: unknown;
  url: string;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries in one short statement. `FOR UPDATE SKIP LOCKED` lets several instances
 * claim at once without waiting on or taking each other's rows, and pushing `next_attempt_at` forward by the lease
 * hides the rows from every claim until then — so the rows of an instance that dies mid-delivery come back by
 * themselves when the lease runs out.
 */
export async function claimDueDeliveries(
  db: Database,
  clock: Clock,
  options: { limit: number; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  const now = clock.sqlNow();
  const rows = await queryRows<{
    id: string;
    shop_id: number;
    transaction_uid: string | null;
    payload: unknown;
    url: string;
    attempts: number;
  }>(
    db,
    sql`update notification_deliveries
        set next_attempt_at = ${now} + make_interval(secs => ${options.leaseSeconds}), updated_at = ${now}
        where id in (
          select id from notification_deliveries
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at
          limit ${options.limit}
          for update skip locked
        )
        returning id, shop_id, transaction_uid, payload, url, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    shopId: Number(row.shop_id),
    transactionUid: row.transaction_uid,
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
    url: row.url,
    attempts: Number(row.attempts),
  }));
}

export interface AttemptRecord {
  attemptedAt: Date;
  /** Null when no HTTP answer arrived. */
  statusCode: number | null;
  latencyMs: number;
  succeeded: boolean;
  error: string | null;
  /** Seconds until the next attempt after a failure; null when this was the last one. */
  retryInSeconds: number | null;
}

const MAX_ERROR_LENGTH = 500;

/** Records one attempt and moves the delivery on (delivered, rescheduled or failed), in one transaction. */
export async function recordAttempt(
  db: Database,
  clock: Clock,
  delivery: ClaimedDelivery,
  attempt: AttemptRecord,
): Promise<"delivered" | "pending" | "failed"> {
  const now = clock.sqlNow();
  const status = attempt.succeeded ? "delivered" : attempt.retryInSeconds === null ? "failed" : "pending";
  await db.transaction(async (tx) => {
    await tx.insert(notificationAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: attempt.attemptedAt,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      succeeded: attempt.succeeded,
      error: attempt.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
    });
    await tx
      .update(notificationDeliveries)
      .set({
        status,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        deliveredAt: attempt.succeeded ? sql`${now}` : null,
        ...(status === "pending"
          ? { nextAttemptAt: sql`${now} + make_interval(secs => ${attempt.retryInSeconds})` }
          : {}),
        updatedAt: sql`${now}`,
      })
      .where(eq(notificationDeliveries.id, delivery.id));
  });
  return status;
}

/** Gives a claimed delivery back unattempted (this instance is shutting down): due again at once. */
export async function releaseClaim(db: Database, clock: Clock, deliveryId: string): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: sql`${clock.sqlNow()}` })
    .where(eq(notificationDeliveries.id, deliveryId));
}
