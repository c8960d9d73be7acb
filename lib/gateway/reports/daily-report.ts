import { sql } from "drizzle-orm";
import type { ErrorTree } from "@/lib/contracts/errors";
import { isCalendarDate, isoDateAt } from "@/lib/contracts/formats";
import type { DailyReport } from "@/lib/contracts/merchant";
import { INVALID } from "@/lib/contracts/messages";
import { queryRows } from "@/lib/db/client";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";

export const DEFAULT_REPORT_DAYS = 30;
/** A year and a day: enough for a year-on-year view, small enough to answer quickly. */
export const MAX_REPORT_DAYS = 366;
export const TO_BEFORE_FROM = "must not be earlier than from";
export const RANGE_TOO_LONG = `must be at most ${MAX_REPORT_DAYS} days after from`;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportRange {
  /** First day, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day, YYYY-MM-DD (UTC), inclusive. */
  to: string;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) / DAY_MS;
}

function isReportableDate(value: string): boolean {
  return isCalendarDate(value) && value >= "0001-01-01" && value < "9999-12-31";
}

/**
 * `?from=&to=` of GET /reports/daily, UTC days. Without `to`, today; without `from`, the 30 days ending at `to`.
 */
export function parseReportRange(query: Record<string, string | undefined>, today: Date): ReportRange {
  const errors: ErrorTree = {};
  const to = query.to || isoDateAt(today);
  if (!isReportableDate(to)) errors.to = [INVALID];
  let from = query.from;
  if (from) {
    if (!isReportableDate(from)) errors.from = [INVALID];
  } else if (!errors.to) {
    from = isoDateAt(new Date((dayNumber(to) - (DEFAULT_REPORT_DAYS - 1)) * DAY_MS));
  }
  if (Object.keys(errors).length === 0 && from) {
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1) errors.to = [TO_BEFORE_FROM];
    else if (days > MAX_REPORT_DAYS) errors.to = [RANGE_TOO_LONG];
  }
  if (Object.keys(errors).length > 0 || !from) throw GatewayError.validation(errors);
  return { from, to };
}

/**
 * Tokenizations per UTC day of the range, counted by status in one query. Every day is present, with zeros when
 * nothing happened. `success_rate` is the share of the day's tokenizations that succeeded (null without any).
 */
export async function buildDailyReport(options: {
  deps: GatewayDeps;
  shopId: number;
  range: ReportRange;
}): Promise<DailyReport> {
  const { deps, shopId, range } = options;
  const start = `${range.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const rows = await queryRows<{
    date: string;
    tokenizations: number;
    successful: number;
    failed: number;
    incomplete: number;
    success_rate: number | null;
  }>(
    deps.db,
    sql`
      with counts as (
        select (created_at at time zone 'UTC')::date as day,
               count(*)::int as tokenizations,
               (count(*) filter (where status = 'successful'))::int as successful,
               (count(*) filter (where status = 'failed'))::int as failed,
               (count(*) filter (where status = 'incomplete'))::int as incomplete
        from transactions
        where shop_id = ${shopId}
          and type = 'tokenization'
          and created_at >= ${start}::timestamptz
          and created_at < ${end}::timestamptz
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date,
             coalesce(counts.tokenizations, 0) as tokenizations,
             coalesce(counts.successful, 0) as successful,
             coalesce(counts.failed, 0) as failed,
             coalesce(counts.incomplete, 0) as incomplete,
             round(counts.successful::numeric / nullif(counts.tokenizations, 0), 4)::float8 as success_rate
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as days(day)
      left join counts on counts.day = days.day::date
      order by days.day
    `,
  );
  return {
    days: rows.map((row) => ({
      date: row.date,
      tokenizations: Number(row.tokenizations),
      successful: Number(row.successful),
      failed: Number(row.failed),
      incomplete: Number(row.incomplete),
      success_rate: row.success_rate === null ? null : Number(row.success_rate),
    })),
  };
}
