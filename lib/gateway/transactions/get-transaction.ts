import { and, eq } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import { GatewayError } from "../errors";
import { selectRenderable, transactionFromRow } from "./transaction-view";

/** One of the shop's transactions; another shop's uid is indistinguishable from an unknown one. */
export async function getTransaction(options: {
  deps: { db: Database };
  shopId: number;
  uid: string;
}): Promise<Transaction> {
  // Every uid is a UUID; anything else cannot exist and need not reach the database.
  if (!isTransactionUid(options.uid)) throw new GatewayError("record_not_found");
  const [row] = await selectRenderable(options.deps.db).where(
    and(eq(transactions.uid, options.uid), eq(transactions.shopId, options.shopId)),
  );
  if (!row) throw new GatewayError("record_not_found");
  return transactionFromRow(row);
}
