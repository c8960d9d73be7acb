import {
  BLANK,
  DATE_EXPIRED,
  DUPLICATE_TRANSACTION,
  IN_THE_FUTURE,
  STATE_NOT_ALLOWED,
  SUBSCRIPTION_EMAIL_BLANK,
} from "@/lib/contracts/messages";
import { interpolate, plural } from "./messages/interpolate";
import type { CheckoutMessages, PaymentFieldName } from "./messages/types";

/** Fields whose length limit is worth telling; for the card fields "too long" just means "wrong". */
const TEXT_FIELDS: ReadonlySet<PaymentFieldName> = new Set([
  "holder",
  "email",
  "first_name",
  "last_name",
  "address",
  "city",
  "zip",
  "phone",
]);

/**
 * A contract message ("can't be blank", "is invalid", "Date is expired") on a form field, as the shopper reads it:
 * what to do, in the page's language. The contract's wording is the gateway's API, not a shopper's.
 */
export function describeFieldError(
  messages: CheckoutMessages,
  field: PaymentFieldName,
  contractMessage: string,
  context: { securityCodeLength?: number } = {},
): string {
  const texts = messages.fields[field];
  const values = { digits: context.securityCodeLength ?? 3 };
  if (contractMessage === BLANK) return interpolate(texts.required, values);
  if (contractMessage === SUBSCRIPTION_EMAIL_BLANK) return messages.errors.subscriptionEmail;
  if (contractMessage === DATE_EXPIRED) return messages.errors.cardExpired;
  if (contractMessage === IN_THE_FUTURE) return messages.errors.dateInFuture;
  if (contractMessage === STATE_NOT_ALLOWED) return messages.errors.stateNotAllowed;
  const tooLong = /^is too long \(maximum is (\d+)/.exec(contractMessage);
  if (tooLong && TEXT_FIELDS.has(field)) {
    const max = Number(tooLong[1]);
    return interpolate(plural(messages.language, messages.errors.tooLong, max), { max });
  }
  return interpolate(texts.invalid, values);
}

/** Base errors a shopper can act on; anything else gets the generic message with a reference. */
export function describeBaseError(
  messages: CheckoutMessages,
  gatewayMessage: string,
  reference: string,
): string {
  if (gatewayMessage === DUPLICATE_TRANSACTION) return messages.errors.duplicate;
  return interpolate(messages.errors.unavailable, { reference });
}
