"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Form from "next/form";
import Link from "next/link";
import { filtersToSearch, type TransactionFilters } from "@/lib/admin/filters";
import { chargedAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { typeLabel } from "@/lib/admin/money-chain";
import { adminQueries } from "@/lib/admin/queries";
import { TRANSACTION_TYPES } from "@/lib/contracts/money-result";
import { TRANSACTION_STATUSES } from "@/lib/contracts/transaction";
import { CopyId } from "../copy-id";
import { CustomerLink } from "../customers/customer-link";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { Pagination } from "../pagination";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";

/** What the merchant asks first: how much, did it go through, who, what for; the id last. */
const COLUMNS = {
  amount: "Amount",
  status: "Status",
  customer: "Customer",
  description: "Description",
  trackingId: "Tracking id",
  created: "Created",
  type: "Type",
  card: "Card",
  transaction: "Transaction",
} as const;

function hasFilters(filters: TransactionFilters): boolean {
  return Boolean(filters.tracking_id || filters.status || filters.type || filters.from || filters.to);
}

export function TransactionsList({ filters }: { filters: TransactionFilters }) {
  const query = useQuery({ ...adminQueries.transactionList(filters), placeholderData: keepPreviousData });
  // Remount the inputs when the URL's filters change (Back, Clear), so they show what is applied.
  const formKey = filtersToSearch({ ...filters, page: 1 });

  return (
    <>
      <Form
        action="/admin/transactions"
        role="search"
        aria-label="Transactions"
        className="admin-filters"
        key={formKey}
      >
        <div className="admin-field admin-filters__wide">
          <label htmlFor="transaction-tracking-id">Tracking id</label>
          <input
            id="transaction-tracking-id"
            name="tracking_id"
            type="search"
            autoComplete="off"
            spellCheck={false}
            defaultValue={filters.tracking_id ?? ""}
            aria-describedby="transaction-tracking-id-hint"
          />
          <p id="transaction-tracking-id-hint" className="admin-field__hint">
            Several ids separated by “;” find any of them.
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor="transaction-status">Status</label>
          <select id="transaction-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="transaction-type">Type</label>
          <select id="transaction-type" name="type" defaultValue={filters.type ?? ""}>
            <option value="">Any</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="transaction-from">Created from</label>
          <input id="transaction-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div className="admin-field">
          <label htmlFor="transaction-to">Created to</label>
          <input id="transaction-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            Search
          </button>
          {hasFilters(filters) ? (
            <Link href="/admin/transactions" className="admin-button admin-button--quiet">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {query.isPending ? (
        <LoadingState label="transactions" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>
          <p>{hasFilters(filters) ? "No transaction matches these filters." : "No transactions yet."}</p>
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="transactions-caption">
            <table className="admin-table" aria-busy={query.isFetching}>
              <caption id="transactions-caption" className="admin-visually-hidden">
                Transactions, newest first
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {query.data.items.map((transaction) => (
                  <tr key={transaction.uid}>
                    {/* The amount is the row's header and its link: a phone shows it without scrolling the table. */}
                    <th scope="row" className="admin-number admin-table__lead" data-label={COLUMNS.amount}>
                      <Link href={`/admin/transactions/${transaction.uid}`}>
                        {chargedAmount(transaction)}
                      </Link>
                    </th>
                    <td className="admin-table__lead" data-label={COLUMNS.status}>
                      <StatusBadge status={transaction.status} />
                    </td>
                    <td className="admin-break" data-label={COLUMNS.customer}>
                      <CustomerLink email={transaction.customer?.email} />
                    </td>
                    <td className="admin-break" data-label={COLUMNS.description}>
                      <span dir="auto">{orDash(transaction.description)}</span>
                    </td>
                    <td className="admin-break" data-label={COLUMNS.trackingId}>
                      {orDash(transaction.tracking_id)}
                    </td>
                    <td data-label={COLUMNS.created}>{formatDateTime(transaction.created_at)}</td>
                    <td data-label={COLUMNS.type}>{typeLabel(transaction.type)}</td>
                    <td data-label={COLUMNS.card}>{maskedCard(transaction.credit_card)}</td>
                    <td data-label={COLUMNS.transaction}>
                      <CopyId
                        id={transaction.uid}
                        href={`/admin/transactions/${transaction.uid}`}
                        label="transaction id"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Transaction"
            page={query.data.page}
            pageCount={query.data.pageCount}
            total={query.data.total}
            hrefFor={(page) => `/admin/transactions${filtersToSearch({ ...filters, page })}`}
          />
        </>
      )}
    </>
  );
}
