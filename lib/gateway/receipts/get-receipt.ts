import { eq } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { selectRenderable, transactionFromRow } from "../transactions/transaction-view";

export interface Receipt {
  /** The shop as its shoppers know it: the name and colour it brands its pages with, and how to reach it. */
  shop: {
    name: string;
    color: string | null;
    contact: { email: string | null; phone: string | null; url: string | null };
  };
  transaction: Transaction;
}

/**
 * The receipt behind a money transaction's `receipt_url`: for the shopper, with no credentials — the transaction's
 * random uid is the capability, as on the 3-D Secure pages. Only a successful money transaction has one.
 */
export async function getReceipt({
  deps,
  uid,
}: {
  deps: Pick<GatewayDeps, "db" | "shops">;
  uid: string;
}): Promise<Receipt | null> {
  if (!isTransactionUid(uid)) return null;
  const [row] = await selectRenderable(deps.db).where(eq(transactions.uid, uid));
  if (!row || row.type === "tokenization" || row.status !== "successful") return null;
  const shop = await deps.shops.get(row.shopId);
  const settings = shop?.settings;
  return {
    shop: {
      name: settings?.branding.name ?? shop?.name ?? "",
      color: settings?.branding.color ?? null,
      contact: {
        email: settings?.support_email ?? null,
        phone: settings?.support_phone ?? null,
        url: settings?.support_url ?? null,
      },
    },
    transaction: transactionFromRow(row),
  };
}
