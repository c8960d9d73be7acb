import type { GatewayMetrics } from "../observability/metrics";

/** Where transactions are counted as they end (`tessera_transactions_total`). */
export type TransactionCounter = Pick<GatewayMetrics, "transaction">;

/**
 * Counts a transaction that has just ended — written final at once, or ended here, or a child ended by
 * `tessera_finish_child` — whatever ended it: the request, the shopper's 3-D Secure answer, a renewal, the recovery
 * sweep. Called once per end, so a repeat (an idempotent replay, a second completion) is not counted again. An end
 * inside a database transaction is counted when its statement ends it: a transaction that then fails to commit
 * (the connection lost at that moment) counts one that did not end.
 */
export function countEnded(
  metrics: TransactionCounter,
  ended: { status: string; type: string; test: boolean },
): void {
  if (ended.status === "incomplete") return;
  metrics.transaction({ type: ended.type, status: ended.status, test: ended.test });
}
