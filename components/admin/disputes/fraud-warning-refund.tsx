"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { refundForFraudWarningAction } from "@/components/admin/disputes/actions";
import { formatAmount } from "@/lib/admin/format";

/**
 * The warning's one action, confirmed first: refund all that is still refundable of the payment. Offered while the
 * warning is actionable; kept on the page after, so its answer stays readable once the page refreshes.
 */
export function FraudWarningRefund({ uid, actionable }: { uid: string; actionable: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const refund = () => {
    startTransition(async () => {
      const result = await refundForFraudWarningAction(uid);
      setConfirming(false);
      if (result.status !== "ok") {
        setError(result.message);
        return;
      }
      const { status, amount, currency } = result.data;
      if (status === "successful") {
        setMessage(`Refunded ${formatAmount(amount, currency)}.`);
        router.refresh();
      } else setError(`The refund was not made (${status}). Nothing was returned.`);
    });
  };
  return (
    <div>
      {confirming ? (
        <div className="admin-actions-row" role="alertdialog" aria-labelledby={`efw-confirm-${uid}`}>
          <p id={`efw-confirm-${uid}`}>
            Refund everything still refundable of this payment to the cardholder? This cannot be undone.
          </p>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={refund}
            disabled={pending}
          >
            Yes, refund it
          </button>
          <button
            type="button"
            className="admin-button"
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            Do not refund
          </button>
        </div>
      ) : actionable ? (
        <button type="button" className="admin-button" onClick={() => setConfirming(true)} disabled={pending}>
          Refund the payment…
        </button>
      ) : null}
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </div>
  );
}
