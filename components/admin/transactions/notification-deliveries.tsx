"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { resendNotificationAction } from "@/components/admin/transactions/actions";
import { formatDateTime } from "@/lib/admin/format";
import { adminKeys, adminQueries } from "@/lib/admin/queries";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { Transaction } from "@/lib/contracts/transaction";
import { EmptyState, ErrorState, LoadingState } from "../data-states";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";

const COLUMNS = {
  attempt: "Attempt",
  at: "At",
  answer: "Answer",
  time: "Time",
  result: "Result",
} as const;

// While a delivery is pending its attempts land within seconds; the list follows them without a reload.
const PENDING_REFRESH_MS = 2_000;

function hasPending(deliveries: NotificationDelivery[] | undefined): boolean {
  return deliveries?.some((delivery) => delivery.status === "pending") ?? false;
}

function DeliveryAttempts({ delivery, index }: { delivery: NotificationDelivery; index: number }) {
  const captionId = `delivery-${delivery.id}-caption`;
  return (
    <article className="admin-delivery" aria-labelledby={`delivery-${delivery.id}-title`}>
      <h3 id={`delivery-${delivery.id}-title`} className="admin-delivery__title">
        Delivery {index + 1} <StatusBadge status={delivery.status} />
      </h3>
      <p className="admin-muted admin-break">
        To {delivery.url} · queued {formatDateTime(delivery.created_at)}
        {delivery.next_attempt_at ? ` · next attempt ${formatDateTime(delivery.next_attempt_at)}` : ""}
        {delivery.delivered_at ? ` · delivered ${formatDateTime(delivery.delivered_at)}` : ""}
      </p>
      {delivery.attempts.length === 0 ? (
        <p>Not attempted yet.</p>
      ) : (
        <TableRegion labelledBy={captionId}>
          <table className="admin-table">
            <caption id={captionId} className="admin-visually-hidden">
              Attempts of delivery {index + 1}
            </caption>
            <ColumnHeaders columns={COLUMNS} />
            <tbody>
              {delivery.attempts.map((attempt, attemptIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: attempts are only ever appended, never reordered or removed.
                <tr key={attemptIndex}>
                  <td data-label={COLUMNS.attempt}>{attemptIndex + 1}</td>
                  <td data-label={COLUMNS.at}>{formatDateTime(attempt.attempted_at)}</td>
                  <td data-label={COLUMNS.answer}>
                    {attempt.status_code === null ? "No answer" : `HTTP ${attempt.status_code}`}
                  </td>
                  <td className="admin-number" data-label={COLUMNS.time}>
                    {attempt.latency_ms} ms
                  </td>
                  <td data-label={COLUMNS.result}>
                    {attempt.succeeded ? "Delivered" : (attempt.error ?? "Failed")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </article>
  );
}

export function NotificationDeliveries({ transaction }: { transaction: Transaction }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const query = useQuery({
    ...adminQueries.notifications(transaction.uid),
    refetchInterval: (current) => (hasPending(current.state.data) ? PENDING_REFRESH_MS : false),
  });
  const resend = useMutation({
    mutationFn: () => resendNotificationAction(transaction.uid),
    onSuccess: async (result) => {
      if (result.status === "ok") {
        setNotice({ tone: "success", text: "The webhook was queued to be sent again." });
        await queryClient.invalidateQueries({ queryKey: adminKeys.notifications(transaction.uid) });
      } else {
        setNotice({ tone: "error", text: result.message });
      }
    },
    onError: () => setNotice({ tone: "error", text: "The webhook could not be queued. Try again." }),
  });

  if (!transaction.notification_url) {
    return <p>This transaction was sent without a notification URL, so no webhook is sent for it.</p>;
  }
  const canResend = transaction.status !== "incomplete";

  return (
    <>
      <div className="admin-actions-row">
        <button
          type="button"
          className="admin-button"
          onClick={() => resend.mutate()}
          disabled={!canResend || resend.isPending}
          aria-describedby={canResend ? undefined : "resend-hint"}
        >
          {resend.isPending ? "Re-sending…" : "Re-send webhook"}
        </button>
        {canResend ? null : (
          <p id="resend-hint" className="admin-muted">
            The webhook is sent once the transaction finishes.
          </p>
        )}
      </div>
      <div aria-live="polite">
        {notice ? (
          <p
            className={`admin-alert admin-alert--${notice.tone}`}
            role={notice.tone === "error" ? "alert" : "status"}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingState label="webhook deliveries" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>
          <p>No webhook has been queued for this transaction yet.</p>
        </EmptyState>
      ) : (
        query.data.map((delivery, index) => (
          <DeliveryAttempts key={delivery.id} delivery={delivery} index={index} />
        ))
      )}
    </>
  );
}
