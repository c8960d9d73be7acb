"use client";

import { useQuery } from "@tanstack/react-query";
import { formatPercent } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import type { ReportRange } from "@/lib/admin/report-range";
import { summarize } from "@/lib/admin/report-stats";
import { ErrorState, LoadingState } from "../data-states";
import { TableRegion } from "../table-region";
import { DailyChart } from "./daily-chart";

export function Dashboard({ range }: { range: ReportRange }) {
  const query = useQuery(adminQueries.dailyReport(range));
  if (query.isPending) return <LoadingState label="the daily report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const days = query.data;
  const { total, successful, rate } = summarize(days);

  return (
    <>
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

      <section aria-labelledby="daily-chart-title" className="admin-section">
        <h2 id="daily-chart-title">
          Per day, {range.from} to {range.to} (UTC)
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
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Tokenizations</th>
                  <th scope="col">Successful</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Incomplete</th>
                  <th scope="col">Success rate</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td className="admin-number">{day.tokenizations}</td>
                    <td className="admin-number">{day.successful}</td>
                    <td className="admin-number">{day.failed}</td>
                    <td className="admin-number">{day.incomplete}</td>
                    <td className="admin-number">{formatPercent(day.success_rate)}</td>
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
