"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { acceptDisputeAction } from "@/components/admin/disputes/actions";

/** Accept, in two steps: the first says what it means, the second does it. */
export function AcceptDispute({ id, kind }: { id: string; kind: "inquiry" | "chargeback" }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const consequence =
    kind === "chargeback"
      ? "The chargeback is lost: its amount and the dispute fee stay with the cardholder's bank."
      : "The inquiry is closed without an answer; no money moves.";
  const accept = () => {
    startTransition(async () => {
      const result = await acceptDisputeAction(id);
      setConfirming(false);
      if (result.status === "ok") {
        setMessage(
          kind === "chargeback" ? "Accepted: the dispute is lost." : "Accepted: the inquiry is closed.",
        );
        router.refresh();
      } else {
        setError(result.message);
      }
    });
  };
  return (
    <div>
      <p className="admin-muted">{consequence}</p>
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div className="admin-actions-row" role="alertdialog" aria-labelledby="accept-confirm-text">
          <p id="accept-confirm-text">Accept this dispute? {consequence}</p>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={accept}
            disabled={pending}
          >
            Yes, accept it
          </button>
          <button
            type="button"
            className="admin-button"
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            Keep it open
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => setConfirming(true)}
        >
          Accept dispute…
        </button>
      )}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </div>
  );
}
