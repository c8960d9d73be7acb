"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/admin/format";
import { adminQueries } from "@/lib/admin/queries";
import { ErrorState, LoadingState } from "../data-states";
import { StatusBadge } from "../status-badge";
import { KIND_LABELS, STATUS_EXPLANATIONS } from "./kind-labels";
import { ResendEmailButton } from "./resend-email-button";

// While an e-mail waits to be sent its status changes within seconds; the page follows it without a reload.
const PENDING_REFRESH_MS = 2_000;

export function ShopperEmailDetail({ id }: { id: string }) {
  const query = useQuery({
    ...adminQueries.shopperEmail(id),
    refetchInterval: (current) => (current.state.data?.status === "pending" ? PENDING_REFRESH_MS : false),
  });
  if (query.isPending) return <LoadingState label="e-mail" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const email = query.data;
  const rows: [string, ReactNode][] = [
    [
      "Status",
      <span key="status">
        <StatusBadge status={email.status} />{" "}
        <span className="admin-muted">{STATUS_EXPLANATIONS[email.status]}</span>
        {email.last_error ? <span className="admin-break"> Last error: {email.last_error}</span> : null}
      </span>,
    ],
    ["To", email.to],
    ["Kind", KIND_LABELS[email.kind]],
    ["Language", email.language],
    ["Created", formatDateTime(email.created_at)],
    ["Sent", email.sent_at ? formatDateTime(email.sent_at) : "—"],
    ["Attempts", String(email.attempts)],
    [
      "Transaction",
      email.transaction_uid ? (
        <Link
          key="transaction"
          href={`/admin/transactions/${email.transaction_uid}`}
          className="admin-mono admin-uid"
        >
          {email.transaction_uid}
        </Link>
      ) : (
        "—"
      ),
    ],
  ];
  return (
    <>
      <p>
        <Link href="/admin/emails">All e-mails</Link>
      </p>
      {/* In the shopper's language, which may be written right to left: its own direction. */}
      <h1 className="admin-break" dir="auto">
        {email.subject}
      </h1>
      <dl className="admin-details">
        {rows.map(([term, value]) => (
          <div key={term} className="admin-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-actions-row">
        <ResendEmailButton id={email.id} />
      </div>
      <h2>Message</h2>
      {/* The message's own document, served with a CSP of its own: no script, no same-origin access. */}
      <iframe
        title={`The e-mail "${email.subject}" as the shopper sees it`}
        src={`/admin/api/emails/${encodeURIComponent(email.id)}/html`}
        sandbox=""
        className="admin-email-frame"
        width="100%"
        height="640"
      />
      <h2>Plain text</h2>
      <pre className="admin-email-text admin-break">{email.text}</pre>
    </>
  );
}
