import { formatPercent, formatShortDay } from "@/lib/admin/format";
import { niceMaximum, summarize } from "@/lib/admin/report-stats";
import type { DailyReportDay } from "@/lib/contracts/merchant";

/**
 * Tokenizations per day as stacked bars (successful, failed, still incomplete) with the success rate as a line
 * on its own 0–100 % scale. Drawn as inline SVG with presentation attributes only (no inline styles, which the
 * admin area's CSP forbids). For screen readers the SVG is one image with a title and a summary; the table after
 * it carries every number.
 */

const WIDTH = 720;
const HEIGHT = 260;
const PADDING = { top: 16, right: 48, bottom: 36, left: 44 };
const PLOT_WIDTH = WIDTH - PADDING.left - PADDING.right;
const PLOT_HEIGHT = HEIGHT - PADDING.top - PADDING.bottom;

export function DailyChart({ days, titleId }: { days: DailyReportDay[]; titleId: string }) {
  const maximum = niceMaximum(Math.max(0, ...days.map((day) => day.tokenizations)));
  const slot = PLOT_WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  const y = (count: number) => PADDING.top + PLOT_HEIGHT - (count / maximum) * PLOT_HEIGHT;
  const yRate = (rate: number) => PADDING.top + PLOT_HEIGHT - rate * PLOT_HEIGHT;
  const x = (index: number) => PADDING.left + slot * index + slot / 2;
  const ticks = [0, maximum / 4, maximum / 2, (maximum * 3) / 4, maximum];
  const labelEvery = Math.ceil(days.length / 10);
  const { total, rate } = summarize(days);
  const best = days.reduce<DailyReportDay | null>(
    (top, day) => (top === null || day.tokenizations > top.tokenizations ? day : top),
    null,
  );
  const ratePoints = days
    .map((day, index) => (day.success_rate === null ? null : `${x(index)},${yRate(day.success_rate)}`))
    .filter((point): point is string => point !== null);

  const description =
    total === 0
      ? `No tokenizations between ${days[0]?.date} and ${days.at(-1)?.date}.`
      : `${total} tokenizations between ${days[0]?.date} and ${days.at(-1)?.date}, ${formatPercent(rate)} successful. ` +
        `Busiest day ${best?.date} with ${best?.tokenizations}. The table below lists every day.`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${titleId}-svg-title`}
      aria-describedby={`${titleId}-svg-desc`}
      className="admin-chart"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${titleId}-svg-title`}>Tokenizations per day and success rate</title>
      <desc id={`${titleId}-svg-desc`}>{description}</desc>
      <g className="admin-chart__grid">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PADDING.left} x2={WIDTH - PADDING.right} y1={y(tick)} y2={y(tick)} />
            <text x={PADDING.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {tick}
            </text>
            <text x={WIDTH - PADDING.right + 6} y={y(tick)} dominantBaseline="middle">
              {Math.round((tick / maximum) * 100)}%
            </text>
          </g>
        ))}
      </g>
      {days.map((day, index) => {
        const successfulTop = y(day.successful);
        const failedTop = y(day.successful + day.failed);
        const incompleteTop = y(day.successful + day.failed + day.incomplete);
        const left = x(index) - barWidth / 2;
        return (
          <g key={day.date}>
            <rect
              className="admin-chart__successful"
              x={left}
              y={successfulTop}
              width={barWidth}
              height={y(0) - successfulTop}
            />
            <rect
              className="admin-chart__failed"
              x={left}
              y={failedTop}
              width={barWidth}
              height={successfulTop - failedTop}
            />
            <rect
              className="admin-chart__incomplete"
              x={left}
              y={incompleteTop}
              width={barWidth}
              height={failedTop - incompleteTop}
            />
            {(days.length - 1 - index) % labelEvery === 0 ? (
              <text
                className={
                  // Every other label is left out on a phone, where they are drawn larger (admin.css).
                  (days.length - 1 - index) % (labelEvery * 2) === 0
                    ? "admin-chart__label"
                    : "admin-chart__label admin-chart__label--minor"
                }
                x={x(index)}
                y={HEIGHT - PADDING.bottom + 16}
                textAnchor="middle"
              >
                {formatShortDay(day.date)}
              </text>
            ) : null}
          </g>
        );
      })}
      {ratePoints.length > 1 ? (
        <polyline className="admin-chart__rate" points={ratePoints.join(" ")} />
      ) : null}
      {ratePoints.map((point) => {
        const [cx, cy] = point.split(",");
        return <circle key={point} className="admin-chart__rate-point" cx={cx} cy={cy} r={3} />;
      })}
    </svg>
  );
}
