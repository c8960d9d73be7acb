import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import type { Clock } from "../clock";
import type { InFlightStats } from "./metrics";

/**
 * The transactions that have not ended, by type, as every instance sees them: one statement over the small
 * `transactions_in_flight` table (migration 0029), never over every transaction. A transaction stays in flight while
 * its shopper's 3-D Secure is pending (up to `THREE_D_SECURE_TTL_SECONDS`), while the acquirer has not answered, or
 * until a recovery sweep has finished it: an old one means an acquirer or a sweep that is not getting through.
 */
export async function readInFlightStats(deps: { db: Database; clock: Clock }): Promise<InFlightStats[]> {
  const rows = await queryRows<{ type: string; count: number | string; oldest_age: number | string | null }>(
    deps.db,
    sql`select type, count(*) as count, extract(epoch from ${deps.clock.sqlNow()} - min(created_at)) as oldest_age
          from transactions_in_flight
         group by type`,
  );
  return rows.map((row) => ({
    type: row.type,
    count: Number(row.count),
    oldestAgeSeconds: Number(row.oldest_age ?? 0),
  }));
}
