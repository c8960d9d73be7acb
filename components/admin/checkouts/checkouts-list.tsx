"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { filtersToSearch, type PageFilters } from "@/lib/admin/filters";
import { chargedAmount, formatDateTime, orDash } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { CopyId } from "../copy-id";
import { CustomerLink } from "../customers/customer-link";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { Pagination } from "../pagination";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";

/** What the merchant asks first: how much, how it stands, who, what for; the ids last. */
const COLUMNS = {
  amount: "Amount",
  status: "Status",
  customer: "Customer",
  order: "Order",
  created: "Created",
  attempts: "Attempts",
  expires: "Expires",
  lastTransaction: "Last transaction",
} as const;

export function CheckoutsList({ filters }: { filters: PageFilters }) {
  const query = useQuery({ ...adminQueries.checkoutList(filters), placeholderData: keepPreviousData });

  if (query.isPending) return <LoadingState label="checkout sessions" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState>
        <p>
          No checkout sessions yet. Your server creates them with <code>POST /ctp/api/checkouts</code>.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <TableRegion labelledBy="checkouts-caption">
        <table className="admin-table" aria-busy={query.isFetching}>
          <caption id="checkouts-caption" className="admin-visually-hidden">
            Checkout sessions, newest first
          </caption>
          <ColumnHeaders columns={COLUMNS} />
          <tbody>
            {query.data.items.map((checkout, index) => {
              const transaction = checkout.gateway_response?.transaction;
              // Not the session's token: the browser never gets it (it is the payment page's credential). The
              // rows are one page in the server's order and hold no state of their own.
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above; nothing else tells two sessions apart.
                <tr key={`${checkout.created_at}:${index}`}>
                  <td className="admin-number admin-table__lead" data-label={COLUMNS.amount}>
                    {chargedAmount({ type: checkout.transaction_type, ...checkout.order })}
                  </td>
                  <td className="admin-table__lead" data-label={COLUMNS.status}>
                    <StatusBadge status={checkout.status} />
                    {checkout.message ? <span className="admin-muted"> {checkout.message}</span> : null}
                  </td>
                  <td className="admin-break" data-label={COLUMNS.customer}>
                    <CustomerLink email={checkout.customer?.email} />
                  </td>
                  <td className="admin-break" data-label={COLUMNS.order}>
                    <bdi>{checkout.order.description}</bdi>
                    {checkout.order.tracking_id ? (
                      <span className="admin-muted"> · {checkout.order.tracking_id}</span>
                    ) : null}
                  </td>
                  <td data-label={COLUMNS.created}>{formatDateTime(checkout.created_at)}</td>
                  <td className="admin-number" data-label={COLUMNS.attempts}>
                    {checkout.attempts_used} of {checkout.attempts}
                  </td>
                  <td data-label={COLUMNS.expires}>
                    {checkout.finished ? "—" : formatDateTime(checkout.expired_at)}
                  </td>
                  <td data-label={COLUMNS.lastTransaction}>
                    {transaction ? (
                      <CopyId
                        id={transaction.uid}
                        href={`/admin/transactions/${transaction.uid}`}
                        label="transaction id"
                      />
                    ) : (
                      orDash(null)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      <Pagination
        label="Checkout session"
        page={query.data.page}
        pageCount={query.data.pageCount}
        total={query.data.total}
        hrefFor={(page) => `/admin/checkouts${filtersToSearch({ ...filters, page })}`}
      />
    </>
  );
}
