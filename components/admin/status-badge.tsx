const TONES: Record<string, string> = {
  successful: "good",
  delivered: "good",
  passed: "good",
  failed: "bad",
  error: "bad",
  incomplete: "pending",
  pending: "pending",
  skipped: "neutral",
};

/** A status word with a colour cue; the word itself carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const text = status ?? "—";
  return <span className={`admin-badge admin-badge--${TONES[text] ?? "neutral"}`}>{text}</span>;
}
