"use client";

import { useQuery } from "@tanstack/react-query";
import { formatDateTime, orDash } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { ErrorState, LoadingState } from "../data-states";

export function CustomerDetail({ id, justCreated }: { id: string; justCreated: boolean }) {
  const query = useQuery(adminQueries.customer(id));
  if (query.isPending) return <LoadingState label="the customer" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const customer = query.data;
  const rows: [string, string][] = [
    ["Customer id", customer.id],
    ["E-mail", customer.email],
    ["IP address", customer.ip],
    ["First name", orDash(customer.first_name)],
    ["Last name", orDash(customer.last_name)],
    ["Phone", orDash(customer.phone)],
    ["Street address", orDash(customer.address)],
    ["City", orDash(customer.city)],
    ["State or province", orDash(customer.state)],
    ["Postal code", orDash(customer.zip)],
    ["Country", orDash(customer.country)],
    ["Your customer id", orDash(customer.external_id)],
    ["Created", formatDateTime(customer.created_at)],
    ["Updated", formatDateTime(customer.updated_at)],
  ];
  return (
    <>
      {justCreated ? (
        <p className="admin-alert admin-alert--success" role="status">
          Customer created.
        </p>
      ) : null}
      <h2 className="admin-subtitle">{customer.email}</h2>
      <dl className="admin-details">
        {rows.map(([term, value]) => (
          <div key={term} className="admin-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
