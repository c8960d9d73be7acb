import type { DisputeStatus } from "@/lib/contracts/dispute";
import { STATUS_LABELS, STATUS_TONES } from "./dispute-labels";

/** A dispute's status as a badge: the words carry the meaning, the colour only repeats it. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <span className={`admin-badge admin-badge--${STATUS_TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}
