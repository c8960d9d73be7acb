"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { filtersToSearch, type PageFilters } from "@/lib/admin/filters";
import { formatDateTime } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { CopyId } from "../copy-id";
import { CustomerLink } from "../customers/customer-link";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { Pagination } from "../pagination";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";
import { KIND_LABELS } from "./kind-labels";

const COLUMNS = {
  created: "Created",
  subject: "Subject",
  to: "To",
  kind: "Kind",
  status: "Status",
  transaction: "Transaction",
} as const;

export function ShopperEmailsList({ filters }: { filters: PageFilters }) {
  const query = useQuery({ ...adminQueries.shopperEmailList(filters), placeholderData: keepPreviousData });

  if (query.isPending) return <LoadingState label="e-mails" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState>
        <p>
          No e-mails yet. With shopper e-mails turned on in Settings, each successful payment, capture or
          refund e-mails the customer&apos;s address in the transaction&apos;s language.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <TableRegion labelledBy="emails-caption">
        <table className="admin-table" aria-busy={query.isFetching}>
          <caption id="emails-caption" className="admin-visually-hidden">
            E-mails to shoppers, newest first
          </caption>
          <ColumnHeaders columns={COLUMNS} />
          <tbody>
            {query.data.items.map((email) => (
              <tr key={email.id}>
                <td data-label={COLUMNS.created}>{formatDateTime(email.created_at)}</td>
                <td className="admin-break" data-label={COLUMNS.subject}>
                  <Link href={`/admin/emails/${email.id}`} dir="auto">
                    {email.subject}
                  </Link>
                </td>
                <td className="admin-break" data-label={COLUMNS.to}>
                  <CustomerLink email={email.to} />
                </td>
                <td data-label={COLUMNS.kind}>{KIND_LABELS[email.kind]}</td>
                <td className="admin-table__lead" data-label={COLUMNS.status}>
                  <StatusBadge status={email.status} />
                </td>
                <td data-label={COLUMNS.transaction}>
                  {email.transaction_uid ? (
                    <CopyId
                      id={email.transaction_uid}
                      href={`/admin/transactions/${email.transaction_uid}`}
                      label="transaction id"
                    />
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <Pagination
        label="E-mail"
        page={query.data.page}
        pageCount={query.data.pageCount}
        total={query.data.total}
        hrefFor={(page) => `/admin/emails${filtersToSearch({ ...filters, page })}`}
      />
    </>
  );
}
