import type { ReactNode } from "react";

export function fieldId(name: string): string {
  return `field-${name}`;
}

/** The ids an input's `aria-describedby` should name: its hint and, when shown, its error. */
export function describedBy(name: string, options: { hint: boolean; error: boolean }): string | undefined {
  const ids = [
    options.hint ? `${fieldId(name)}-hint` : null,
    options.error ? `${fieldId(name)}-error` : null,
  ];
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

/**
 * A labelled field: visible label, optional hint, the error right under them (so it is read before the input),
 * and the input itself, which must use `fieldId(name)` and `describedBy(...)`.
 */
export function FormField(props: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown after the label when the field may be left empty. */
  optionalText?: string;
  /** Shown after the label when the shop fixed the value. */
  readOnlyText?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = fieldId(props.name);
  return (
    <div
      className={`field${props.error ? " field--error" : ""}${props.className ? ` ${props.className}` : ""}`}
    >
      <label htmlFor={id} className="field__label">
        {props.label}
        {props.optionalText ? <span className="field__aside"> ({props.optionalText})</span> : null}
        {props.readOnlyText ? <span className="field__aside"> ({props.readOnlyText})</span> : null}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {/* Always present, so the live region exists before an error appears in it and the change is announced. */}
      <p id={`${id}-error`} className="field__error" aria-live="polite">
        {props.error ?? ""}
      </p>
      {props.children}
    </div>
  );
}
