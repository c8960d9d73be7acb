"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { cancelPayment } from "@/components/checkout/actions";
import type { CancelActionState } from "@/lib/checkout/payment-state";
import { FramedField } from "./frame-bridge";
import { Isolated } from "./isolated";

const INITIAL_STATE: CancelActionState = { status: "idle" };

/**
 * Gives up the payment: the gateway fails the session and the shopper goes to the merchant's cancel_url. A cancel
 * cannot be undone, so the first press asks (with script; without it the button posts at once), and the button is
 * disabled while the payment form's attempt is under way: a cancel then would race the payment it cancels.
 */
export function CancelForm(props: {
  token: string;
  label: string;
  pendingLabel: string;
  /** "Cancel and return to {shop}? Nothing is charged.", and its two answers. */
  question: string;
  confirmLabel: string;
  keepLabel: string;
  direction: "ltr" | "rtl";
  /** The shop's name in the label, isolated whole. */
  merchant?: readonly string[];
  /** A payment attempt is under way. */
  disabled?: boolean;
}) {
  const [state, cancel, pending] = useActionState(cancelPayment, INITIAL_STATE);
  const [asking, setAsking] = useState(false);
  // The question replaces the button that was pressed: focus moves to its answer, not back to the page's top.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const isolated = (text: string) => (
    <Isolated text={text} direction={props.direction} merchant={props.merchant} />
  );
  return (
    <form action={cancel} className="cancel-form">
      <input type="hidden" name="token" value={props.token} />
      <FramedField />
      {state.status === "error" ? (
        <p className="notice notice--warning" role="alert">
          {state.message}
        </p>
      ) : null}
      {asking && !props.disabled ? (
        <fieldset className="cancel-form__confirm">
          <legend>{isolated(props.question)}</legend>
          <button type="submit" className="button" disabled={pending} ref={confirmRef}>
            {pending ? props.pendingLabel : props.confirmLabel}
          </button>
          <button type="button" className="button button--link" onClick={() => setAsking(false)}>
            {props.keepLabel}
          </button>
        </fieldset>
      ) : (
        <button
          type="submit"
          className="button button--link"
          disabled={pending || props.disabled}
          onClick={(event) => {
            // With script the first press asks; the form posts from the confirmation's button.
            event.preventDefault();
            setAsking(true);
          }}
        >
          {pending ? props.pendingLabel : isolated(props.label)}
        </button>
      )}
    </form>
  );
}
