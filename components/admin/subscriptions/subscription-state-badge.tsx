import type { SubscriptionState } from "@/lib/contracts/subscription";

/** A subscription's state with its colour: charged as planned, waiting, failing, or over. */
const TONES: Record<SubscriptionState, "good" | "bad" | "pending" | "neutral"> = {
  active: "good",
  trial: "pending",
  redirecting: "pending",
  paused: "pending",
  failed_attempt: "bad",
  rescuing: "bad",
  failed: "bad",
  error: "bad",
  canceled: "neutral",
  expired: "neutral",
};

/** The word carries the meaning; the colour (the admin's badge tones) only repeats it. */
export function SubscriptionStateBadge({ state }: { state: string }) {
  const tone = TONES[state as SubscriptionState] ?? "neutral";
  return <span className={`admin-badge admin-badge--${tone}`}>{state.replace("_", " ")}</span>;
}
