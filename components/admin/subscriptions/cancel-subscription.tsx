"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { cancelSubscriptionAction } from "@/components/admin/subscriptions/actions";

/** Cancel with a reason, in two steps: the first asks for the reason, the second confirms. */
export function CancelSubscription({ id }: { id: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const cancel = () => {
    startTransition(async () => {
      const result = await cancelSubscriptionAction(id, reason);
      if (result.status === "ok") {
        setMessage("The subscription is canceled: it will not be charged again.");
        setConfirming(false);
        router.refresh();
      } else {
        const reasons = result.status === "invalid" ? result.errors.cancel_reason : undefined;
        setError(
          Array.isArray(reasons) && reasons.length > 0 ? `Reason ${reasons.join(", ")}` : result.message,
        );
        setConfirming(false);
      }
    });
  };
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === "") {
          setError("Give a reason.");
          return;
        }
        setError("");
        setConfirming(true);
      }}
    >
      <div className="admin-field">
        <label htmlFor="cancel-reason">Reason for canceling</label>
        <input
          id="cancel-reason"
          name="cancel_reason"
          value={reason}
          maxLength={255}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cancel-reason-error" : undefined}
        />
        {error ? (
          <p id="cancel-reason-error" className="admin-field__error">
            {error}
          </p>
        ) : null}
      </div>
      {confirming ? (
        <div className="admin-actions-row" role="alertdialog" aria-labelledby="cancel-confirm-text">
          <p id="cancel-confirm-text">Cancel this subscription? It will never be charged again.</p>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={cancel}
            disabled={pending}
          >
            Yes, cancel it
          </button>
          <button
            type="button"
            className="admin-button"
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            Keep it
          </button>
        </div>
      ) : (
        <button type="submit" className="admin-button admin-button--danger">
          Cancel subscription
        </button>
      )}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </form>
  );
}
