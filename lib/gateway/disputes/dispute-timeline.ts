import type { DisputeFile, DisputeStatus, DisputeTimelineEntry } from "@/lib/contracts/dispute";
import type { DisputeRow } from "@/lib/db/schema";

const FINAL: readonly string[] = ["won", "lost", "warning_closed"];

function entry(
  event: DisputeTimelineEntry["event"],
  at: Date | string,
  extra: Partial<DisputeTimelineEntry> = {},
): DisputeTimelineEntry {
  return {
    event,
    at: typeof at === "string" ? at : at.toISOString(),
    status: null,
    amount: null,
    fee: null,
    file_id: null,
    filename: null,
    ...extra,
  };
}

/**
 * A dispute's history, from what is stored of it (never from its webhooks, which a shop without URLs has none of):
 * opened; for an inquiry the bank escalated, the escalation (its money taken later than it was opened); money taken;
 * each file added; evidence submitted; money given back; the outcome. Oldest first.
 */
export function disputeTimeline(row: DisputeRow, files: readonly DisputeFile[]): DisputeTimelineEntry[] {
  const entries: DisputeTimelineEntry[] = [entry("opened", row.createdAt)];
  if (row.fundsWithdrawnAt) {
    if (row.fundsWithdrawnAt.getTime() > row.createdAt.getTime())
      entries.push(entry("escalated", row.fundsWithdrawnAt));
    entries.push(entry("funds_withdrawn", row.fundsWithdrawnAt, { amount: row.amount, fee: row.fee }));
  }
  for (const file of files)
    entries.push(entry("file_added", file.created_at, { file_id: file.id, filename: file.filename }));
  if (row.submittedAt) entries.push(entry("evidence_submitted", row.submittedAt));
  if (row.fundsReinstatedAt)
    entries.push(entry("funds_reinstated", row.fundsReinstatedAt, { amount: row.amount, fee: row.fee }));
  if (FINAL.includes(row.status))
    entries.push(entry("closed", row.closedAt ?? row.updatedAt, { status: row.status as DisputeStatus }));
  // A stable sort: facts of one moment keep the order above (opened before money taken, say).
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
