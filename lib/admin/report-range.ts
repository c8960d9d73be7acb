import { z } from "zod";

/** The dashboard's window: the last 14 days (UTC) unless the URL asks for another, at most 92 days. */
export const DEFAULT_REPORT_DAYS = 14;
export const MAX_REPORT_DAYS = 92;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = z.iso.date();

export interface ReportRange {
  from: string;
  to: string;
}

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return dateOnly(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

export function defaultReportRange(now: Date): ReportRange {
  const to = dateOnly(now);
  return { from: addDays(to, -(DEFAULT_REPORT_DAYS - 1)), to };
}

/** Every date of the range in order, so days without tokenizations still get a bar (of zero). */
export function datesOf(range: ReportRange): string[] {
  const dates: string[] = [];
  for (let date = range.from; date <= range.to && dates.length < MAX_REPORT_DAYS; date = addDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

export function readReportRange(params: URLSearchParams, now: Date): ReportRange {
  const fallback = defaultReportRange(now);
  const to = isoDate.safeParse(params.get("to")).data ?? fallback.to;
  let from = isoDate.safeParse(params.get("from")).data ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) from = to;
  if (from < addDays(to, -(MAX_REPORT_DAYS - 1))) from = addDays(to, -(MAX_REPORT_DAYS - 1));
  return { from, to };
}

/** `?test=true`: a live shop's test money instead of its live money (a test-mode shop only has test money). */
export function readReportMode(params: URLSearchParams): boolean {
  return params.get("test") === "true";
}

/** What the dashboard shows: a range of days, of the shop's live or of its test transactions. */
export interface ReportView extends ReportRange {
  test: boolean;
}
