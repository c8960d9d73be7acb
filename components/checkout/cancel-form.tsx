"use client";

import { useActionState } from "react";
import { cancelPayment } from "@/app/checkout/[token]/actions";
import type { CancelActionState } from "@/lib/checkout/payment-state";
import { FramedField } from "./frame-bridge";
import { Isolated } from "./isolated";

const INITIAL_STATE: CancelActionState = { status: "idle" };

/** Gives up the payment: the gateway fails the session and the shopper goes to the merchant's cancel_url. */
export function CancelForm(props: {
  token: string;
  label: string;
  pendingLabel: string;
  direction: "ltr" | "rtl";
  /** The shop's name in the label, isolated whole. */
  merchant?: readonly string[];
}) {
  const [state, cancel, pending] = useActionState(cancelPayment, INITIAL_STATE);
  return (
    <form action={cancel} className="cancel-form">
      <input type="hidden" name="token" value={props.token} />
      <FramedField />
      {state.status === "error" ? (
        <p className="notice notice--warning" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button button--link" disabled={pending}>
        {pending ? (
          props.pendingLabel
        ) : (
          <Isolated text={props.label} direction={props.direction} merchant={props.merchant} />
        )}
      </button>
    </form>
  );
}
