import { and, arrayOverlaps, desc, eq } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import { splitTrackingIds } from "./tracking-ids";
import { selectRenderable, transactionFromRow } from "./transaction-view";

export const TRACKING_ID_LOOKUP_LIMIT = 10;

/**
 * The shop's newest transactions (at most 10) any of whose `;`-separated tracking ids equals the value. The value
 * itself may hold several ids separated by `;`, matched one by one.
 */
export async function findTransactionsByTrackingId(options: {
  deps: { db: Database };
  shopId: number;
  trackingId: string;
}): Promise<Transaction[]> {
  const wanted = splitTrackingIds(options.trackingId);
  if (wanted.length === 0) return [];
  const rows = await selectRenderable(options.deps.db)
    .where(and(eq(transactions.shopId, options.shopId), arrayOverlaps(transactions.trackingIds, wanted)))
    .orderBy(desc(transactions.createdAt), desc(transactions.uid))
    .limit(TRACKING_ID_LOOKUP_LIMIT);
  return rows.map(transactionFromRow);
}
