import type { DailyReportDay } from "@/lib/contracts/merchant";

/**
 * The axis maximum: four gridline steps of a round size (1, 2 or 5 × 10^n), so every gridline falls on a whole,
 * readable number, and the largest day fits.
 */
export function niceMaximum(value: number): number {
  const step = Math.max(1, value / 4);
  const magnitude = 10 ** Math.floor(Math.log10(step));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * magnitude >= step) return 4 * factor * magnitude;
  }
  return 40 * magnitude;
}

/** Totals of a report range; the rate is null when nothing was tokenized. */
export function summarize(days: DailyReportDay[]): {
  total: number;
  successful: number;
  rate: number | null;
} {
  const total = days.reduce((sum, day) => sum + day.tokenizations, 0);
  const successful = days.reduce((sum, day) => sum + day.successful, 0);
  return { total, successful, rate: total === 0 ? null : successful / total };
}
