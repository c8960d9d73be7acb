import { and, count, eq, inArray, min } from "drizzle-orm";
import { DISPUTE_STATUSES, type DisputeReport, type DisputeStatus } from "@/lib/contracts/dispute";
import { disputes } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";

const AWAITING_ANSWER: DisputeStatus[] = ["needs_response", "warning_needs_response"];

/** GET /reports/disputes: the shop's live (or test) disputes by status now, and the soonest answer due. */
export async function buildDisputeReport(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  test: boolean;
}): Promise<DisputeReport> {
  const { deps, shopId, test } = options;
  const mine = and(eq(disputes.shopId, shopId), eq(disputes.test, test));
  const [rows, [due]] = await Promise.all([
    deps.db
      .select({ status: disputes.status, disputes: count() })
      .from(disputes)
      .where(mine)
      .groupBy(disputes.status),
    deps.db
      .select({ next: min(disputes.evidenceDueBy) })
      .from(disputes)
      .where(and(mine, inArray(disputes.status, AWAITING_ANSWER))),
  ]);
  const statuses = Object.fromEntries(DISPUTE_STATUSES.map((status) => [status, 0])) as Record<
    DisputeStatus,
    number
  >;
  for (const row of rows) statuses[row.status as DisputeStatus] = Number(row.disputes);
  return {
    test,
    statuses,
    needs_response: statuses.needs_response + statuses.warning_needs_response,
    next_due_by: due?.next ? new Date(due.next).toISOString() : null,
  };
}
