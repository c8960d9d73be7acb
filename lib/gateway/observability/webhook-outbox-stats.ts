import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import type { Clock } from "../clock";
import type { OutboxStats } from "./metrics";

/**
 * The merchant-notification outbox as every instance sees it, read at scrape time: one statement, served by the
 * `(status, next_attempt_at)` index for the waiting rows.
 */
export async function readWebhookOutboxStats(deps: { db: Database; clock: Clock }): Promise<OutboxStats> {
  const [row] = await queryRows<{
    pending: number | string;
    oldest_age: number | string | null;
    pending_attempts: number | string | null;
    failed: number | string;
  }>(
    deps.db,
    sql`select
          count(*) filter (where status = 'pending') as pending,
          extract(epoch from ${deps.clock.sqlNow()} - min(created_at) filter (where status = 'pending')) as oldest_age,
          coalesce(sum(attempts) filter (where status = 'pending'), 0) as pending_attempts,
          count(*) filter (where status = 'failed') as failed
        from notification_deliveries
        where status in ('pending', 'failed')`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingAgeSeconds: Math.max(0, Number(row?.oldest_age ?? 0)),
    pendingAttempts: Number(row?.pending_attempts ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}
