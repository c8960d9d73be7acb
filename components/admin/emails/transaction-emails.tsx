"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";
import { KIND_LABELS } from "./kind-labels";
import { ResendEmailButton } from "./resend-email-button";

/** The last column holds a button to resend the message: named for screen readers, no label on screen. */
const COLUMNS = {
  created: "Created",
  subject: "Subject",
  to: "To",
  kind: "Kind",
  status: "Status",
  actions: "Actions",
} as const;

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
        <ColumnHeaders columns={COLUMNS} unlabelled={["actions"]} />
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
                {email.to}
              </td>
              <td data-label={COLUMNS.kind}>{KIND_LABELS[email.kind]}</td>
              <td className="admin-table__lead" data-label={COLUMNS.status}>
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
