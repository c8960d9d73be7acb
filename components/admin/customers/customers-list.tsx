"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Form from "next/form";
import Link from "next/link";
import { type CustomerFilters, filtersToSearch } from "@/lib/admin/filters";
import { formatDateTime, orDash } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { Pagination } from "../pagination";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";

function fullName(customer: { first_name: string | null; last_name: string | null }): string {
  return [customer.first_name, customer.last_name].filter(Boolean).join(" ") || "—";
}

const COLUMNS = {
  email: "E-mail",
  name: "Name",
  country: "Country",
  yourId: "Your id",
  created: "Created",
} as const;

export function CustomersList({ filters }: { filters: CustomerFilters }) {
  const query = useQuery({ ...adminQueries.customerList(filters), placeholderData: keepPreviousData });

  return (
    <>
      <Form action="/admin/customers" role="search" aria-label="Customers" className="admin-filters">
        <div className="admin-field">
          <label htmlFor="customer-search-email">E-mail</label>
          <input
            id="customer-search-email"
            name="email"
            type="search"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={filters.email ?? ""}
            key={filters.email ?? ""}
            aria-describedby="customer-search-hint"
          />
          <p id="customer-search-hint" className="admin-field__hint">
            The whole address; capitals do not matter.
          </p>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            Search
          </button>
          {filters.email ? (
            <Link href="/admin/customers" className="admin-button admin-button--quiet">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {query.isPending ? (
        <LoadingState label="customers" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>
          {filters.email ? (
            <p>No customer has the e-mail address {filters.email}.</p>
          ) : (
            <p>
              No customers yet. <Link href="/admin/customers/new">Create the first one</Link>.
            </p>
          )}
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="customers-caption">
            <table className="admin-table" aria-busy={query.isFetching}>
              <caption id="customers-caption" className="admin-visually-hidden">
                Customers, newest first
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {query.data.items.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row" data-label={COLUMNS.email}>
                      <Link href={`/admin/customers/${customer.id}`}>{customer.email}</Link>
                    </th>
                    {/* A shopper's name may be written right to left: in its own direction. */}
                    <td dir="auto" data-label={COLUMNS.name}>
                      {fullName(customer)}
                    </td>
                    <td data-label={COLUMNS.country}>{orDash(customer.country)}</td>
                    <td data-label={COLUMNS.yourId}>{orDash(customer.external_id)}</td>
                    <td data-label={COLUMNS.created}>{formatDateTime(customer.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Customer"
            page={query.data.page}
            pageCount={query.data.pageCount}
            total={query.data.total}
            hrefFor={(page) => `/admin/customers${filtersToSearch({ ...filters, page })}`}
          />
        </>
      )}
    </>
  );
}
