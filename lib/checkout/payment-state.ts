import type { PaymentFieldName } from "./messages/types";

/**
 * What the payment server action answers when it does not send the shopper elsewhere (a redirect covers 3-D
 * Secure, the result page and the merchant). `attempt` changes with every answer so the form reacts to a repeated
 * one (focus the summary again, clear the card again).
 */
export type PaymentActionState =
  | { status: "idle" }
  /** Field errors are contract messages (the form words them); `base` holds finished shopper sentences. */
  | {
      status: "invalid";
      attempt: string;
      fields: Partial<Record<PaymentFieldName, string[]>>;
      base: string[];
    }
  /** The card was declined and the session takes another attempt. */
  | { status: "declined"; attempt: string; message: string }
  /** Nothing the shopper can fix in the form: another attempt in progress, the gateway unreachable. */
  | { status: "error"; attempt: string; message: string };

export type CancelActionState = { status: "idle" } | { status: "error"; attempt: string; message: string };
