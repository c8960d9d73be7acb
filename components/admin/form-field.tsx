import type { ReactNode, Ref } from "react";

/**
 * A labelled input with its hint and error tied to it (`aria-describedby`), the error also flagged with
 * `aria-invalid`. The label is always visible; placeholders never stand in for it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (described: { "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SummaryItem {
  /** The input to jump to; absent for errors about the whole form. */
  fieldId?: string;
  message: string;
}

/**
 * Every problem of a refused submission in one list that takes focus, so keyboard and screen-reader users learn
 * at once what to fix; each entry links to its field.
 */
export function ErrorSummary({
  items,
  summaryRef,
  title = "The form could not be saved",
}: {
  items: SummaryItem[];
  summaryRef: Ref<HTMLDivElement>;
  title?: string;
}) {
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="admin-alert admin-alert--error"
    >
      <h2 id="error-summary-title" className="admin-alert__title">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.fieldId ?? "form"}:${item.message}`}>
            {item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
