import { formatAmount, formatDateTime } from "@/lib/admin/format";
import type { DisputeTimelineEntry } from "@/lib/contracts/dispute";
import { STATUS_LABELS, TIMELINE_LABELS } from "./dispute-labels";

function detailOf(entry: DisputeTimelineEntry, currency: string): string {
  if (entry.event === "closed" && entry.status) return `: ${STATUS_LABELS[entry.status]}`;
  if (entry.event === "file_added" && entry.filename) return `: ${entry.filename}`;
  if (entry.amount !== null)
    return `: ${formatAmount(entry.amount, currency)}${entry.fee ? ` and ${formatAmount(entry.fee, currency)} fee` : ""}`;
  return "";
}

/** What happened to a dispute, oldest first. */
export function DisputeTimeline({
  entries,
  currency,
}: {
  entries: DisputeTimelineEntry[];
  currency: string;
}) {
  return (
    <ol id="dispute-timeline">
      {entries.map((entry) => (
        <li key={`${entry.event}-${entry.at}-${entry.file_id ?? ""}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{" "}
          <span>
            {TIMELINE_LABELS[entry.event]}
            {detailOf(entry, currency)}
          </span>
        </li>
      ))}
    </ol>
  );
}
