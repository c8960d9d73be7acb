import { randomBytes } from "node:crypto";
import type {
  Dispute,
  DisputeFile,
  DisputeKind,
  DisputeReason,
  DisputeStatus,
} from "@/lib/contracts/dispute";
import type { DisputeRow } from "@/lib/db/schema";

/** `dsp_` + 16 hex, from the operating system's random source. */
export function newDisputeId(): string {
  return `dsp_${randomBytes(8).toString("hex")}`;
}

/**
 * The dispute as the API shows it, from its row, its payment's tracking id and its evidence files (described, never
 * their content), at `now` (for `past_due`).
 */
export function disputeFromRow(
  row: DisputeRow,
  trackingId: string | null,
  now: Date,
  files: readonly DisputeFile[],
): Dispute {
  const evidence = (row.evidence ?? {}) as Record<string, string>;
  const dueBy = row.evidenceDueBy.toISOString();
  return {
    id: row.id,
    object: "dispute",
    kind: row.kind as DisputeKind,
    transaction_uid: row.transactionUid,
    tracking_id: trackingId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason as DisputeReason,
    network_reason_code: row.networkReasonCode,
    status: row.status as DisputeStatus,
    evidence,
    evidence_files: [...files],
    evidence_details: {
      due_by: dueBy,
      has_evidence: files.length > 0 || Object.values(evidence).some((text) => text.trim() !== ""),
      past_due: row.submittedAt === null && row.evidenceDueBy.getTime() < now.getTime(),
      submission_count: row.submissionCount,
    },
    evidence_due_by: dueBy,
    fee: row.fee,
    funds_withdrawn: row.fundsWithdrawnAt !== null,
    funds_reinstated: row.fundsReinstatedAt !== null,
    test: row.test,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
