"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { StatusBadge } from "../status-badge";
import { TableRegion } from "../table-region";
import { KIND_LABELS } from "./kind-labels";
import { ResendEmailButton } from "./resend-email-button";

/** The e-mails a transaction sent its shopper, on the transaction's page, each with "Resend". */
export function TransactionEmails({ uid }: { uid: string }) {
  const query = useQuery(adminQueries.shopperEmailList({ page: 1, transaction_uid: uid }));
  if (query.isPending) return <LoadingState label="e-mails" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState>
        <p>
          No e-mail was sent to the shopper for this transaction (shopper e-mails off, no customer e-mail
          address, or not a successful payment, capture or refund).
        </p>
      </EmptyState>
    );
  }
  return (
    <TableRegion labelledBy="transaction-emails-caption">
      <table className="admin-table">
        <caption id="transaction-emails-caption" className="admin-visually-hidden">
          E-mails to the shopper about this transaction
        </caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Subject</th>
            <th scope="col">To</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="admin-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.items.map((email) => (
            <tr key={email.id}>
              <td>{formatDateTime(email.created_at)}</td>
              <td className="admin-break">
                <Link href={`/admin/emails/${email.id}`} dir="auto">
                  {email.subject}
                </Link>
              </td>
              <td className="admin-break">{email.to}</td>
              <td>{KIND_LABELS[email.kind]}</td>
              <td>
                <StatusBadge status={email.status} />
              </td>
              <td>
                <ResendEmailButton id={email.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
