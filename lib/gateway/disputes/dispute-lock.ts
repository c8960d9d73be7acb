import { and, eq } from "drizzle-orm";
import { DISPUTE_ID_PATTERN } from "@/lib/contracts/dispute";
import { type DisputeRow, disputes } from "@/lib/db/schema";
import { GatewayError } from "../errors";
import type { DatabaseTransaction } from "../transactions/finish-transactions";

export const EVIDENCE_SUBMITTED = "Evidence has been submitted; it can no longer be changed";
export const DISPUTE_CLOSED = "Dispute is closed";
export const EVIDENCE_PAST_DUE = "Evidence was due by";

/** The shop's dispute, locked for a change; 404 for another shop's or none (an id says nothing of whose it is). */
export async function lockDispute(tx: DatabaseTransaction, shopId: number, id: string): Promise<DisputeRow> {
  if (!DISPUTE_ID_PATTERN.test(id)) throw new GatewayError("record_not_found");
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, id), eq(disputes.shopId, shopId)))
    .for("update");
  if (!row) throw new GatewayError("record_not_found");
  return row;
}

/** Whether the merchant may still answer: open, not submitted, not past due. Throws the 422 saying why not. */
export function assertAnswerable(row: DisputeRow, now: Date): void {
  if (row.status === "under_review" || row.status === "warning_under_review")
    throw GatewayError.base(EVIDENCE_SUBMITTED);
  if (row.status !== "needs_response" && row.status !== "warning_needs_response")
    throw GatewayError.base(`${DISPUTE_CLOSED} (${row.status})`);
  if (row.evidenceDueBy.getTime() < now.getTime())
    throw GatewayError.base(
      `${EVIDENCE_PAST_DUE} ${row.evidenceDueBy.toISOString()}; it can no longer be given`,
    );
}
