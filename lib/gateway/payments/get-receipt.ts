import { eq } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import { transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { transactionFromRow } from "../transactions/build-transaction";

export interface Receipt {
  shopName: string;
  transaction: Transaction;
}

/**
 * The receipt behind a money transaction's `receipt_url`: for the shopper, with no credentials — the transaction's
 * random uid is the capability, as on the 3-D Secure pages. Only a successful money transaction has one.
 */
export async function getReceipt({ deps, uid }: { deps: GatewayDeps; uid: string }): Promise<Receipt | null> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  if (!row || row.type === "tokenization" || row.status !== "successful") return null;
  const shop = await deps.shops.get(row.shopId);
  return { shopName: shop?.name ?? "", transaction: transactionFromRow(row) };
}
