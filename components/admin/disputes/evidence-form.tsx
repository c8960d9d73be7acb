"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { saveEvidenceAction } from "@/components/admin/disputes/actions";
import { EVIDENCE_TEXT_FIELDS, type EvidenceField, MAX_EVIDENCE_CHARACTERS } from "@/lib/contracts/dispute";
import { EVIDENCE_LABELS, MAIN_EVIDENCE_FIELDS } from "./dispute-labels";

const MORE_FIELDS = EVIDENCE_TEXT_FIELDS.filter((field) => !MAIN_EVIDENCE_FIELDS.includes(field));
/** Fields that take a paragraph; the rest are one line. */
const LONG_FIELDS = new Set<EvidenceField>([
  "product_description",
  "customer_communication",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "duplicate_charge_explanation",
  "service_documentation",
  "shipping_documentation",
  "access_activity_log",
  "uncategorized_text",
  "receipt",
]);

/**
 * The merchant's answer as text: saved (staged) as often as wanted, then submitted once, after a confirmation,
 * when it becomes final. Read-only once submitted, closed or past due.
 */
export function EvidenceForm({
  id,
  evidence,
  editable,
  submitted,
}: {
  id: string;
  evidence: Record<string, string>;
  editable: boolean;
  submitted: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useState<Record<string, string>>(evidence);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (!editable) {
    const given = EVIDENCE_TEXT_FIELDS.filter((field) => (evidence[field] ?? "").trim() !== "");
    return given.length === 0 ? (
      <p className="admin-muted">No evidence was given.</p>
    ) : (
      <>
        {/* A status, as the message of the submission it follows: the page refreshes into this view at once. */}
        {submitted ? (
          <p className="admin-muted" role="status">
            Submitted: the evidence can no longer change.
          </p>
        ) : null}
        <dl className="admin-details" id="evidence-given">
          {given.map((field) => (
            <div key={field} className="admin-details__row">
              <dt>{EVIDENCE_LABELS[field]}</dt>
              <dd className="admin-break">{evidence[field]}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  }

  const total = Object.values(values).reduce((sum, text) => sum + text.length, 0);
  const send = (submit: boolean) => {
    // Only what changed: a request to the gateway carries at most 64 KiB, the evidence up to 150,000 characters.
    const changed = Object.fromEntries(
      Object.entries(values).filter(([field, text]) => text !== (evidence[field] ?? "")),
    );
    setError("");
    setFieldErrors({});
    setMessage("");
    startTransition(async () => {
      const result = await saveEvidenceAction(id, changed, submit);
      setConfirming(false);
      if (result.status === "ok") {
        setMessage(
          submit
            ? "Submitted: the bank reviews the evidence. The outcome will show here."
            : "Saved. It is not sent until you submit it.",
        );
        router.refresh();
        return;
      }
      setError(result.message);
      if (result.status === "invalid") {
        const nested = result.errors.evidence;
        if (nested && !Array.isArray(nested) && typeof nested === "object") {
          setFieldErrors(
            Object.fromEntries(
              Object.entries(nested).map(([field, messages]) => [
                field,
                Array.isArray(messages) ? messages.join(", ") : "is invalid",
              ]),
            ),
          );
        }
      }
    });
  };

  const field = (name: EvidenceField) => {
    const inputId = `evidence-${name}`;
    const errorText = fieldErrors[name];
    const common = {
      id: inputId,
      name,
      value: values[name] ?? "",
      disabled: pending,
      "aria-invalid": errorText ? true : undefined,
      "aria-describedby": errorText ? `${inputId}-error` : undefined,
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
    };
    return (
      <div key={name} className={errorText ? "admin-field admin-field--invalid" : "admin-field"}>
        <label htmlFor={inputId}>{EVIDENCE_LABELS[name]}</label>
        {LONG_FIELDS.has(name) ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
        {errorText ? (
          <p id={`${inputId}-error`} className="admin-field__error">
            {EVIDENCE_LABELS[name]} {errorText}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="admin-form admin-form--full"
      aria-labelledby="evidence-heading"
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
    >
      {MAIN_EVIDENCE_FIELDS.map(field)}
      <details>
        <summary>More evidence fields</summary>
        {MORE_FIELDS.map(field)}
      </details>
      <p className="admin-muted" id="evidence-count">
        {total.toLocaleString("en")} of {MAX_EVIDENCE_CHARACTERS.toLocaleString("en")} characters
      </p>
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div className="admin-actions-row" role="alertdialog" aria-labelledby="submit-confirm-text">
          <p id="submit-confirm-text">
            Submit this evidence to the cardholder's bank? It is final: it cannot be changed or added to
            afterwards.
          </p>
          <button
            type="button"
            className="admin-button admin-button--primary"
            onClick={() => send(true)}
            disabled={pending}
          >
            Yes, submit it
          </button>
          <button
            type="button"
            className="admin-button"
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            Keep editing
          </button>
        </div>
      ) : (
        <div className="admin-form__actions">
          <button type="submit" className="admin-button" disabled={pending}>
            Save evidence
          </button>
          <button
            type="button"
            className="admin-button admin-button--primary"
            disabled={pending}
            onClick={() => setConfirming(true)}
          >
            Submit evidence…
          </button>
        </div>
      )}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </form>
  );
}
