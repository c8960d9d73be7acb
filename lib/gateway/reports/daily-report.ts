import { sql } from "drizzle-orm";
import type { ErrorTree } from "@/lib/contracts/errors";
import { isCalendarDate, isoDateAt } from "@/lib/contracts/formats";
import type { CurrencyVolume, DailyReport, DisputeVolume } from "@/lib/contracts/merchant";
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
 * `?test=` of GET /reports/daily: which money a shop's report counts. A live shop's reports count its live
 * transactions, or with `test=true` its test ones instead; a test-mode shop has only test money, so its reports
 * count that whatever is asked.
 */
export function parseReportMode(query: Record<string, string | undefined>, shop: { test: boolean }): boolean {
  const asked = query.test;
  if (asked !== undefined && asked !== "" && asked !== "true" && asked !== "false") {
    throw GatewayError.validation({ test: [INVALID] });
  }
  return shop.test || asked === "true";
}

/**
 * Per UTC day of the range, in two queries over the same index range, of the shop's live or of its test
 * transactions (never both): tokenizations by status, payments and
 * authorizations by outcome, successful refunds, and the money moved per currency. Every day is present, with
 * zeros when nothing happened. Rates are null on a day without anything to divide.
 *
 * Money moved is what reached or left the merchant: successful payments and captures are `charged`, successful
 * refunds `refunded`, successful payouts `paid_out`, and `net` is charged − refunded − paid_out (an authorization
 * only holds money, a void releases a hold: neither moves any). Each counts on the day it was created, as every
 * figure here does. Disputes are beside it, per currency (`disputes`): chargebacks take money back from the
 * merchant with a fee, and give both back when won; `net` stays what the transactions moved. Sums are bigint/numeric in SQL and decimal strings on the wire: exact past 2^53.
 */
export async function buildDailyReport(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  range: ReportRange;
  /** Count the shop's test transactions instead of its live ones. */
  test: boolean;
}): Promise<DailyReport> {
  const { deps, shopId, range, test } = options;
  const start = `${range.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const [rows, volumes, disputeRows] = await Promise.all([
    queryRows<CountRow>(
      deps.db,
      sql`
        with counts as (
          select (created_at at time zone 'UTC')::date as day,
                 (count(*) filter (where type = 'tokenization'))::int as tokenizations,
                 (count(*) filter (where type = 'tokenization' and status = 'successful'))::int as successful,
                 (count(*) filter (where type = 'tokenization' and status = 'failed'))::int as failed,
                 (count(*) filter (where type = 'tokenization' and status = 'incomplete'))::int as incomplete,
                 (count(*) filter (where type in ('payment', 'authorization')))::int as payments,
                 (count(*) filter (
                   where type in ('payment', 'authorization') and status = 'successful'))::int as approved,
                 (count(*) filter (
                   where type in ('payment', 'authorization') and status in ('failed', 'error')))::int as declined,
                 (count(*) filter (where type = 'refund' and status = 'successful'))::int as refunds
          from transactions
          where shop_id = ${shopId}
            and created_at >= ${start}::timestamptz
            and created_at < ${end}::timestamptz
            and test = ${test}
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as date,
               coalesce(counts.tokenizations, 0) as tokenizations,
               coalesce(counts.successful, 0) as successful,
               coalesce(counts.failed, 0) as failed,
               coalesce(counts.incomplete, 0) as incomplete,
               round(counts.successful::numeric / nullif(counts.tokenizations, 0), 4)::float8 as success_rate,
               coalesce(counts.payments, 0) as payments,
               coalesce(counts.approved, 0) as approved,
               coalesce(counts.declined, 0) as declined,
               round(counts.approved::numeric / nullif(counts.approved + counts.declined, 0), 4)::float8
                 as approval_rate,
               coalesce(counts.refunds, 0) as refunds
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as days(day)
        left join counts on counts.day = days.day::date
        order by days.day
      `,
    ),
    queryRows<VolumeRow>(
      deps.db,
      sql`
        select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date,
               currency,
               coalesce(sum(amount) filter (where type in ('payment', 'capture')), 0)::text as charged,
               coalesce(sum(amount) filter (where type = 'refund'), 0)::text as refunded,
               coalesce(sum(amount) filter (where type = 'credit'), 0)::text as paid_out,
               (coalesce(sum(amount) filter (where type in ('payment', 'capture')), 0)
                 - coalesce(sum(amount) filter (where type in ('refund', 'credit')), 0))::text as net
        from transactions
        where shop_id = ${shopId}
          and created_at >= ${start}::timestamptz
          and created_at < ${end}::timestamptz
          and test = ${test}
          and status = 'successful'
          and type in ('payment', 'capture', 'refund', 'credit')
        group by 1, 2
        order by 1, 2
      `,
    ),
    // Each dispute counts on the day each thing happened to it: opened, money taken, decided, money given back.
    queryRows<DisputeVolumeRow>(
      deps.db,
      sql`
        with facts as (
          select created_at as at, currency, 1 as opened, 0 as won, 0 as lost,
                 0::bigint as disputed, 0::bigint as fees, 0::bigint as reinstated
          from disputes where shop_id = ${shopId} and test = ${test}
            and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
          union all
          select funds_withdrawn_at, currency, 0, 0, 0, amount, fee, 0
          from disputes where shop_id = ${shopId} and test = ${test}
            and funds_withdrawn_at >= ${start}::timestamptz and funds_withdrawn_at < ${end}::timestamptz
          union all
          select closed_at, currency, 0, (status = 'won')::int, (status = 'lost')::int, 0, 0, 0
          from disputes where shop_id = ${shopId} and test = ${test} and status in ('won', 'lost')
            and closed_at >= ${start}::timestamptz and closed_at < ${end}::timestamptz
          union all
          select funds_reinstated_at, currency, 0, 0, 0, 0, 0, amount + fee
          from disputes where shop_id = ${shopId} and test = ${test}
            and funds_reinstated_at >= ${start}::timestamptz and funds_reinstated_at < ${end}::timestamptz
        )
        select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, currency,
               sum(opened)::int as opened, sum(won)::int as won, sum(lost)::int as lost,
               sum(disputed)::text as disputed, sum(fees)::text as fees, sum(reinstated)::text as reinstated
        from facts
        group by 1, 2
        order by 1, 2
      `,
    ),
  ]);
  const disputesByDay = new Map<string, DisputeVolume[]>();
  for (const row of disputeRows) {
    const day = disputesByDay.get(row.date) ?? [];
    day.push({
      currency: row.currency,
      opened: Number(row.opened),
      won: Number(row.won),
      lost: Number(row.lost),
      disputed: row.disputed,
      fees: row.fees,
      reinstated: row.reinstated,
    });
    disputesByDay.set(row.date, day);
  }
  const volumeByDay = new Map<string, CurrencyVolume[]>();
  for (const row of volumes) {
    const day = volumeByDay.get(row.date) ?? [];
    day.push({
      currency: row.currency,
      charged: row.charged,
      refunded: row.refunded,
      paid_out: row.paid_out,
      net: row.net,
    });
    volumeByDay.set(row.date, day);
  }
  const rate = (value: number | null) => (value === null ? null : Number(value));
  return {
    test,
    days: rows.map((row) => ({
      date: row.date,
      tokenizations: Number(row.tokenizations),
      successful: Number(row.successful),
      failed: Number(row.failed),
      incomplete: Number(row.incomplete),
      success_rate: rate(row.success_rate),
      payments: Number(row.payments),
      approved: Number(row.approved),
      declined: Number(row.declined),
      approval_rate: rate(row.approval_rate),
      refunds: Number(row.refunds),
      volume: volumeByDay.get(row.date) ?? [],
      disputes: disputesByDay.get(row.date) ?? [],
    })),
  };
}

interface CountRow {
  date: string;
  tokenizations: number;
  successful: number;
  failed: number;
  incomplete: number;
  success_rate: number | null;
  payments: number;
  approved: number;
  declined: number;
  approval_rate: number | null;
  refunds: number;
}

/** `sum` over a bigint column is a numeric, which the drivers hand over as text; cast to text to say so. */
interface VolumeRow {
  date: string;
  currency: string;
  charged: string;
  refunded: string;
  paid_out: string;
  net: string;
}

interface DisputeVolumeRow {
  date: string;
  currency: string;
  opened: number;
  won: number;
  lost: number;
  disputed: string;
  fees: string;
  reinstated: string;
}
