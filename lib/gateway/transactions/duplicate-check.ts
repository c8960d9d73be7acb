import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { Clock } from "../clock";

/**
 * The duplicate check (done by TransactionWriter): a request with the same shop,
 * amount and card number as a transaction accepted less than 30 s earlier is rejected. Requests are compared by a
 * keyed fingerprint of those three values, never by the card number itself.
 */
export const DUPLICATE_WINDOW_SECONDS = 30;

/**
 * A look ahead of the writer's authoritative check, for requests that would otherwise call out first (the
 * merchant's verification_url): a plain repeat is refused before the merchant is asked about a transaction that
 * will never exist. Two identical requests racing each other are still decided by the writer alone.
 */
export async function hasRecentDuplicate(db: Database, clock: Clock, fingerprint: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: transactions.uid })
    .from(transactions)
    .where(
      and(
        eq(transactions.duplicateFingerprint, fingerprint),
        gt(
          transactions.createdAt,
          sql`${clock.sqlNow()} - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
