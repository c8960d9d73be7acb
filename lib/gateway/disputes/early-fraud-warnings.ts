import { and, asc, count, eq } from "drizzle-orm";
import type { EarlyFraudWarning } from "@/lib/contracts/dispute";
import { disputes, earlyFraudWarnings, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { undisputedAmount } from "./apply-dispute-event";

/**
 * GET /early_fraud_warnings?transaction_uid=: the bank's warnings on the shop's payment, oldest first, each
 * `actionable` now while the payment has no dispute and something of it is left to refund (as Stripe's are).
 */
export async function listEarlyFraudWarnings(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  transactionUid: string;
}): Promise<EarlyFraudWarning[]> {
  const { deps, shopId, transactionUid } = options;
  const rows = await deps.db
    .select()
    .from(earlyFraudWarnings)
    .where(and(eq(earlyFraudWarnings.shopId, shopId), eq(earlyFraudWarnings.transactionUid, transactionUid)))
    .orderBy(asc(earlyFraudWarnings.createdAt), asc(earlyFraudWarnings.id));
  if (rows.length === 0) return [];
  const [[charge], [disputed]] = await Promise.all([
    deps.db.select().from(transactions).where(eq(transactions.uid, transactionUid)),
    deps.db.select({ disputes: count() }).from(disputes).where(eq(disputes.transactionUid, transactionUid)),
  ]);
  // Read outside a transaction: a refund or dispute may land a moment later, which the next read shows.
  const actionable = Number(disputed.disputes) === 0 && (await undisputedAmount(deps.db, charge)) > 0;
  return rows.map((row) => ({
    id: row.id,
    object: "early_fraud_warning" as const,
    transaction_uid: row.transactionUid,
    fraud_type: row.fraudType,
    actionable,
    test: row.test,
    created_at: row.createdAt.toISOString(),
  }));
}
