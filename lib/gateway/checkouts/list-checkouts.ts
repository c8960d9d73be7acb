import { count, desc, eq, inArray } from "drizzle-orm";
import type { Pagination } from "@/lib/contracts/pagination";
import { checkouts, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { selectRenderable, transactionFromRow } from "../transactions/transaction-view";
import { type CheckoutSession, describeSession } from "./checkout-session";

/** GET /ctp/api/checkouts: the shop's sessions, newest first, each with its latest transaction. */
export async function listCheckouts(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  pagination: Pagination;
}): Promise<{ sessions: CheckoutSession[]; total: number }> {
  const { deps, shopId, pagination } = options;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.shopId, shopId))
      .orderBy(desc(checkouts.createdAt), desc(checkouts.token))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(checkouts).where(eq(checkouts.shopId, shopId)),
  ]);
  const lastUids = rows.map((row) => row.transactionUids.at(-1)).filter((uid): uid is string => Boolean(uid));
  const lastTransactions =
    lastUids.length === 0 ? [] : await selectRenderable(deps.db).where(inArray(transactions.uid, lastUids));
  const byUid = new Map(lastTransactions.map((row) => [row.uid, transactionFromRow(row)]));
  const sessions = rows.map((row) =>
    describeSession(deps, row, byUid.get(row.transactionUids.at(-1) ?? "") ?? null),
  );
  return { sessions, total };
}
