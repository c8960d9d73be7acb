import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Pagination } from "@/lib/contracts/pagination";
import type { ShopperEmail } from "@/lib/contracts/shopper-emails";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { shopperEmails } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { shopperEmailFromRow } from "./shopper-email-view";

/** GET /emails: one page of the shop's shopper e-mails, newest first, and how many match in all. */
export async function listShopperEmails(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  filters: { transactionUid?: string };
  pagination: Pagination;
}): Promise<{ emails: ShopperEmail[]; total: number }> {
  const { deps, shopId, filters, pagination } = options;
  // A filter that cannot be a transaction's uid matches no e-mail (and a NUL byte would be the database's error).
  if (filters.transactionUid !== undefined && !isTransactionUid(filters.transactionUid))
    return { emails: [], total: 0 };
  const conditions: SQL[] = [eq(shopperEmails.shopId, shopId)];
  if (filters.transactionUid) conditions.push(eq(shopperEmails.transactionUid, filters.transactionUid));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(shopperEmails)
      .where(where)
      .orderBy(desc(shopperEmails.createdAt), desc(shopperEmails.id))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(shopperEmails).where(where),
  ]);
  return { emails: rows.map(shopperEmailFromRow), total };
}
