/**
 * Validation messages in the Rails wording the beGateway API family answers with. They start lower-case because
 * `renderErrorMessage` prefixes the humanised field name ("Amount must be greater than 0"); a message that starts
 * upper-case is a full sentence and is rendered verbatim.
 */

export const BLANK = "can't be blank";
export const INVALID = "is invalid";
export const ADDRESS_INVALID = "address is invalid";
export const NOT_A_NUMBER = "is not a number";
export const NOT_AN_INTEGER = "must be an integer";
export const NOT_INCLUDED = "is not included in the list";
export const NOT_BOOLEAN = "must be true or false";
export const NOT_A_STRING = "must be a string";
export const NOT_AN_ARRAY = "must be an array";
export const NOT_AN_OBJECT = "must be an object";
export const IN_THE_FUTURE = "can't be in the future";
export const STATE_NOT_ALLOWED = "is only allowed when country is US or CA";
export const NOT_ALLOWED_FOR_SHOP = "is not allowed for this shop";
export const NOT_SUPPORTED = "is not supported";
/**
 * A subscription's hosted page without an e-mail: the customer it makes would never hear of a renewal or of a card
 * that needs updating.
 */
export const SUBSCRIPTION_EMAIL_BLANK =
  "can't be blank: a subscription's customer is told about renewals there";

/** Full sentences (upper-case): rendered as they are, without a field name in front. */
export const DATE_EXPIRED = "Date is expired";
export const DUPLICATE_TRANSACTION = "Duplicate transaction";
export const PAYOUTS_NOT_ALLOWED = "Payouts are not enabled for this shop";

export function tooLong(maximum: number, unit = "characters"): string {
  return `is too long (maximum is ${maximum} ${unit})`;
}

export function tooShort(minimum: number, unit = "characters"): string {
  return `is too short (minimum is ${minimum} ${unit})`;
}

export function wrongLength(length: number, unit = "characters"): string {
  return `is the wrong length (should be ${length} ${unit})`;
}

export function greaterThan(value: number): string {
  return `must be greater than ${value}`;
}

export function greaterThanOrEqualTo(value: number): string {
  return `must be greater than or equal to ${value}`;
}

export function lessThanOrEqualTo(value: number): string {
  return `must be less than or equal to ${value}`;
}

export const INVALID_CHARACTERS = "contains invalid characters";

/** The top-level message of a successful transaction, the words the beGateway clients read. */
export const SUCCESSFULLY_PROCESSED = "Successfully processed";
