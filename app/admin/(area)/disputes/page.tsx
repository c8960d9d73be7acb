import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/admin/data-states";
import { REASON_LABELS, STATUS_LABELS } from "@/components/admin/disputes/dispute-labels";
import { DisputeStatusBadge } from "@/components/admin/disputes/dispute-status";
import { Pagination } from "@/components/admin/pagination";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime } from "@/lib/admin/format";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { DISPUTE_STATUSES } from "@/lib/contracts/dispute";
import { getDisputesClient } from "@/lib/gateway-client/disputes";

export const metadata: Metadata = { title: "Disputes" };

const MODES = [
  { mode: undefined, label: "All" },
  { mode: "live", label: "Live" },
  { mode: "test", label: "Test" },
] as const;

const COLUMNS = {
  dispute: "Dispute",
  amount: "Amount",
  reason: "Reason",
  status: "Status",
  answerDue: "Answer due",
  payment: "Payment",
  opened: "Opened",
} as const;

export default async function DisputesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { page: pageParam, status: statusParam, mode: modeParam } = await searchParams;
  const page = Math.max(1, Math.min(1_000_000, Number(pageParam) || 1));
  const status = DISPUTE_STATUSES.find((known) => known === statusParam);
  const mode = modeParam === "live" || modeParam === "test" ? modeParam : undefined;
  const session = await requireAdminSession();
  const result = toActionResult(
    await getDisputesClient().listDisputes(credentialsOf(session), {
      page,
      perPage: ADMIN_PAGE_SIZE,
      status,
      test: mode === undefined ? undefined : mode === "test",
      order: "due",
    }),
  );
  const hrefFor = (target: { page?: number; mode?: string }) => {
    const params = new URLSearchParams();
    if (target.page && target.page > 1) params.set("page", String(target.page));
    if (status) params.set("status", status);
    if (target.mode) params.set("mode", target.mode);
    const search = params.toString();
    return search ? `/admin/disputes?${search}` : "/admin/disputes";
  };
  return (
    <>
      <h1>Disputes</h1>
      <nav aria-label="Live or test disputes" className="admin-tabs">
        {MODES.map((entry) => (
          <Link
            key={entry.label}
            href={hrefFor({ mode: entry.mode })}
            aria-current={mode === entry.mode ? "page" : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <form className="admin-filters" method="get" action="/admin/disputes">
        <div className="admin-field">
          <label htmlFor="dispute-status">Status</label>
          <select id="dispute-status" name="status" defaultValue={status ?? ""}>
            <option value="">Any</option>
            {DISPUTE_STATUSES.map((known) => (
              <option key={known} value={known}>
                {STATUS_LABELS[known]}
              </option>
            ))}
          </select>
        </div>
        {mode ? <input type="hidden" name="mode" value={mode} /> : null}
        <button type="submit" className="admin-button">
          Filter
        </button>
      </form>
      {result.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {result.message}
        </p>
      ) : result.data.items.length === 0 ? (
        <EmptyState>
          <p>
            No {mode ?? ""} disputes{status ? ` with status ${STATUS_LABELS[status]}` : ""}. A payment with
            one of the dispute test cards (see the README) raises one within seconds.
          </p>
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="disputes-caption">
            <table className="admin-table">
              <caption id="disputes-caption" className="admin-visually-hidden">
                Disputes, those awaiting an answer first, due soonest on top
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {result.data.items.map((dispute) => (
                  <tr key={dispute.id}>
                    <th scope="row" data-label={COLUMNS.dispute}>
                      <Link href={`/admin/disputes/${dispute.id}`} className="admin-uid">
                        {dispute.id}
                      </Link>
                      {dispute.test ? <span className="admin-muted"> (test)</span> : null}
                    </th>
                    <td className="admin-number admin-table__lead" data-label={COLUMNS.amount}>
                      {formatAmount(dispute.amount, dispute.currency)}
                    </td>
                    <td data-label={COLUMNS.reason}>{REASON_LABELS[dispute.reason]}</td>
                    <td className="admin-table__lead" data-label={COLUMNS.status}>
                      <DisputeStatusBadge status={dispute.status} />
                    </td>
                    <td data-label={COLUMNS.answerDue}>
                      {dispute.status === "needs_response" || dispute.status === "warning_needs_response"
                        ? `${formatDateTime(dispute.evidence_due_by)}${dispute.evidence_details.past_due ? " (past due)" : ""}`
                        : "—"}
                    </td>
                    <td data-label={COLUMNS.payment}>
                      <Link href={`/admin/transactions/${dispute.transaction_uid}`} className="admin-uid">
                        {dispute.tracking_id ?? dispute.transaction_uid}
                      </Link>
                    </td>
                    <td data-label={COLUMNS.opened}>{formatDateTime(dispute.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Dispute"
            page={result.data.page}
            pageCount={result.data.pageCount}
            total={result.data.total}
            hrefFor={(target) => hrefFor({ page: target, mode })}
          />
        </>
      )}
    </>
  );
}
