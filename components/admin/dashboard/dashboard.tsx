"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount, formatPercent } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import type { ReportView } from "@/lib/admin/report-range";
import { summarize, summarizeDisputes, summarizeMoney } from "@/lib/admin/report-stats";
import { ErrorState, LoadingState } from "../data-states";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";
import { DailyChart } from "./daily-chart";

const VOLUME_COLUMNS = {
  currency: "Currency",
  charged: "Charged",
  refunded: "Refunded",
  paidOut: "Paid out",
  net: "Net",
} as const;

const DISPUTE_COLUMNS = {
  currency: "Currency",
  opened: "Opened",
  won: "Won",
  lost: "Lost",
  disputed: "Disputed",
  fees: "Dispute fees",
  givenBack: "Given back",
} as const;

const DAILY_COLUMNS = {
  day: "Day",
  tokenizations: "Tokenizations",
  successful: "Successful",
  failed: "Failed",
  incomplete: "Incomplete",
  successRate: "Success rate",
} as const;

export function Dashboard({ range }: { range: ReportView }) {
  const query = useQuery(adminQueries.dailyReport(range));
  if (query.isPending) return <LoadingState label="the daily report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const { days, test } = query.data;
  const { total, successful, rate } = summarize(days);
  const money = summarizeMoney(days);
  const disputes = summarizeDisputes(days);
  const modeLink = (testMoney: boolean) =>
    `/admin?${new URLSearchParams({ from: range.from, to: range.to, ...(testMoney ? { test: "true" } : {}) })}`;

  return (
    <>
      {/* A test shop has only test money (the area's strip says so): no "Live" to choose, none to show selected. */}
      {test ? null : (
        <nav aria-label="Live or test money" className="admin-tabs">
          <Link href={modeLink(false)} aria-current={range.test ? undefined : "page"}>
            Live
          </Link>
          <Link href={modeLink(true)} aria-current={range.test ? "page" : undefined}>
            Test
          </Link>
        </nav>
      )}
      <section aria-labelledby="money-title" className="admin-section">
        <h2 id="money-title">{test ? "Money (test transactions)" : "Money (live transactions)"}</h2>
        <dl className="admin-stats">
          <div className="admin-stats__item">
            <dt>Payments and authorizations</dt>
            <dd>{money.payments}</dd>
          </div>
          <div className="admin-stats__item">
            <dt>Approval rate</dt>
            <dd>{formatPercent(money.approvalRate)}</dd>
          </div>
          <div className="admin-stats__item">
            <dt>Refunds</dt>
            <dd>{money.refunds}</dd>
          </div>
        </dl>
        {money.volume.length === 0 ? (
          <p>No money was charged, refunded or paid out in this range.</p>
        ) : (
          <TableRegion labelledBy="volume-caption">
            <table className="admin-table">
              <caption id="volume-caption">Volume per currency</caption>
              <ColumnHeaders columns={VOLUME_COLUMNS} />
              <tbody>
                {money.volume.map((entry) => (
                  <tr key={entry.currency}>
                    <th scope="row" data-label={VOLUME_COLUMNS.currency}>
                      {entry.currency}
                    </th>
                    <td className="admin-number" data-label={VOLUME_COLUMNS.charged}>
                      {formatAmount(entry.charged, entry.currency)}
                    </td>
                    <td className="admin-number" data-label={VOLUME_COLUMNS.refunded}>
                      {formatAmount(entry.refunded, entry.currency)}
                    </td>
                    <td className="admin-number" data-label={VOLUME_COLUMNS.paidOut}>
                      {formatAmount(entry.paid_out, entry.currency)}
                    </td>
                    <td className="admin-number" data-label={VOLUME_COLUMNS.net}>
                      {formatAmount(entry.net, entry.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        <p className="admin-muted">
          Charged: successful payments and captures. Paid out: successful payouts. Net: charged less refunded
          and paid out. Approval rate: approved payments and authorizations out of those decided (declines and
          processor errors count against it).
        </p>
      </section>

      <section aria-labelledby="dispute-money-title" className="admin-section">
        <h2 id="dispute-money-title">Disputes in this range</h2>
        {disputes.length === 0 ? (
          <p>No disputes were opened or decided in this range.</p>
        ) : (
          <TableRegion labelledBy="dispute-money-caption">
            <table className="admin-table" id="dispute-money">
              <caption id="dispute-money-caption">Disputes per currency</caption>
              <ColumnHeaders columns={DISPUTE_COLUMNS} />
              <tbody>
                {disputes.map((entry) => (
                  <tr key={entry.currency}>
                    <th scope="row" data-label={DISPUTE_COLUMNS.currency}>
                      {entry.currency}
                    </th>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.opened}>
                      {entry.opened}
                    </td>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.won}>
                      {entry.won}
                    </td>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.lost}>
                      {entry.lost}
                    </td>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.disputed}>
                      {formatAmount(entry.disputed, entry.currency)}
                    </td>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.fees}>
                      {formatAmount(entry.fees, entry.currency)}
                    </td>
                    <td className="admin-number" data-label={DISPUTE_COLUMNS.givenBack}>
                      {formatAmount(entry.reinstated, entry.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        <p className="admin-muted">
          Disputed: what chargebacks took back from the balance; the fee is taken with each. Given back:
          amount and fee of chargebacks won. Inquiries take nothing unless they become chargebacks. Each
          counts on the day it happened.
        </p>
      </section>

      <section aria-labelledby="tokenizations-title" className="admin-section">
        <h2 id="tokenizations-title">Tokenizations</h2>
        <dl className="admin-stats">
          <div className="admin-stats__item">
            <dt>Tokenizations</dt>
            <dd>{total}</dd>
          </div>
          <div className="admin-stats__item">
            <dt>Successful</dt>
            <dd>{successful}</dd>
          </div>
          <div className="admin-stats__item">
            <dt>Success rate</dt>
            <dd>{formatPercent(rate)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="daily-chart-title" className="admin-section">
        <h2 id="daily-chart-title">
          {/* A date is one word: on a phone the line breaks between them, never at a date's hyphen. */}
          Per day, <span className="admin-nowrap">{range.from}</span> to{" "}
          <span className="admin-nowrap">{range.to}</span> (UTC)
        </h2>
        <figure className="admin-figure">
          <DailyChart days={days} titleId="daily-chart" />
          <figcaption className="admin-legend">
            <span className="admin-legend__item admin-legend__item--successful">Successful</span>
            <span className="admin-legend__item admin-legend__item--failed">Failed</span>
            <span className="admin-legend__item admin-legend__item--incomplete">Incomplete</span>
            <span className="admin-legend__item admin-legend__item--rate">Success rate (right scale)</span>
          </figcaption>
        </figure>
        <details className="admin-chart-data">
          <summary>The numbers as a table</summary>
          <TableRegion labelledBy="daily-table-caption">
            <table className="admin-table">
              <caption id="daily-table-caption">Tokenizations per day</caption>
              <ColumnHeaders columns={DAILY_COLUMNS} />
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" data-label={DAILY_COLUMNS.day}>
                      {day.date}
                    </th>
                    <td className="admin-number" data-label={DAILY_COLUMNS.tokenizations}>
                      {day.tokenizations}
                    </td>
                    <td className="admin-number" data-label={DAILY_COLUMNS.successful}>
                      {day.successful}
                    </td>
                    <td className="admin-number" data-label={DAILY_COLUMNS.failed}>
                      {day.failed}
                    </td>
                    <td className="admin-number" data-label={DAILY_COLUMNS.incomplete}>
                      {day.incomplete}
                    </td>
                    <td className="admin-number" data-label={DAILY_COLUMNS.successRate}>
                      {formatPercent(day.success_rate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </details>
      </section>
    </>
  );
}
