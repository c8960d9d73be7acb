import { z } from "zod";
import { createCreditCardSchema } from "./credit-card";
import { type ErrorTree, errorTreeFromZod } from "./errors";
import {
  arrayValue,
  booleanValue,
  countryCode,
  currencyCode,
  DEFAULT_MAX_LENGTH,
  email,
  fieldErrors,
  httpUrl,
  ipAddress,
  isPlainObject,
  language,
  minorUnitAmount,
  type Now,
  objectValue,
  optional,
  optionalString,
  pastCalendarDate,
  requiredString,
  stringValue,
  systemNow,
  withAddressRules,
  withDefault,
} from "./fields";
import { DEFAULT_LANGUAGE } from "./languages";
import { BLANK, NOT_INCLUDED, tooLong } from "./messages";
import { travelSchema } from "./travel";

export const CONTRACTS = ["recurring", "oneclick", "credit"] as const;
export type Contract = (typeof CONTRACTS)[number];

export const DESCRIPTION_MAX_LENGTH = 255;
export const TRACKING_ID_MAX_LENGTH = 255;

export const threeDSecureSchema = objectValue({
  advanced: withDefault(booleanValue(), false).describe("Apply the advanced 3-D Secure 2 scenario"),
});

export const additionalDataSchema = objectValue({
  receipt_text: withDefault(
    arrayValue(stringValue().max(DEFAULT_MAX_LENGTH, tooLong(DEFAULT_MAX_LENGTH))),
    [],
  ).describe("Lines added to the receipt e-mail sent to the customer"),
  contract: withDefault(arrayValue(z.enum(CONTRACTS, { error: fieldErrors(NOT_INCLUDED) })), [])
    .transform((values) => [...new Set(values)])
    .describe(
      "What the token is for: recurring (later charges without the customer), oneclick (prefilled payment page), " +
        "credit (payouts). Duplicates are dropped. From a stored card's token: the stored card's contract when " +
        "none is given; a right the stored card does not have only with verification_value and, on a shop with " +
        "3-D Secure, a verification that passed (422 otherwise).",
    ),
});

export function createCustomerSchema(now: Now = systemNow) {
  return objectValue({
    ip: optional(ipAddress()),
    email: optional(email()),
    device_id: optionalString(),
    birth_date: optional(pastCalendarDate(now)).describe("YYYY-MM-DD, not in the future"),
  });
}

export const billingAddressSchema = withAddressRules(
  objectValue({
    first_name: optionalString(30),
    last_name: optionalString(30),
    country: optional(countryCode()),
    city: optionalString(60),
    state: optionalString().describe("Two-letter state or province code; only when country is US or CA"),
    zip: optionalString().describe("Postal code; NNNNN or NNNNN-NNNN when country is US"),
    address: optionalString(255),
    phone: optionalString(100),
  }),
);

/**
 * Every field of a tokenization request with its type, limit and format rules. What a shop's settings add on top
 * (which "cond." fields are required, `return_url` with 3-D Secure, clearance for skip/force) is the gateway's
 * business, not the wire format's.
 */
export function createTokenizationFieldsSchema(options: { now?: Now } = {}) {
  const now = options.now ?? systemNow;
  return z
    .object(
      {
        amount: minorUnitAmount().describe("Amount in minor units of the currency (32.45 USD is 3245)"),
        currency: currencyCode(),
        description: requiredString(DESCRIPTION_MAX_LENGTH).describe("Short order description"),
        tracking_id: optionalString(TRACKING_ID_MAX_LENGTH).describe(
          "Merchant's transaction or order id; several may be sent separated by semicolons",
        ),
        duplicate_check: withDefault(booleanValue(), true).describe(
          "Reject a request with the same amount and card number as one accepted less than 30 seconds earlier",
        ),
        dynamic_billing_descriptor: optionalString(),
        language: withDefault(language(), DEFAULT_LANGUAGE).describe(
          "Language of the checkout page and e-mails",
        ),
        notification_url: optional(httpUrl()).describe(
          "Receives a webhook with the transaction when it completes",
        ),
        verification_url: optional(httpUrl()).describe(
          "Asked to approve the transaction before it completes",
        ),
        return_url: optional(httpUrl()).describe("Where the customer returns after 3-D Secure verification"),
        test: withDefault(booleanValue(), false).describe("A test transaction"),
        credit_card: createCreditCardSchema(now),
        skip_three_d_secure_verification: withDefault(booleanValue(), false).describe(
          "Do not run 3-D Secure; the shop must be cleared for it",
        ),
        force_three_d_secure_verification: withDefault(booleanValue(), false).describe(
          "Always run 3-D Secure (wins over skip); the shop must be cleared for it",
        ),
        three_d_secure: withDefault(threeDSecureSchema, { advanced: false }),
        additional_data: withDefault(additionalDataSchema, { receipt_text: [], contract: [] }),
        customer: optional(createCustomerSchema(now)),
        billing_address: optional(billingAddressSchema),
        travel: optional(travelSchema),
      },
      // A `request` that is not an object carries no request at all.
      { error: () => BLANK },
    )
    .meta({ description: "Tokenization request" });
}

// The default schemas read the time through this, so `parseTokenizationRequest` can evaluate a request at the
// caller's clock without building a schema per request. zod parses synchronously here (no async refinements),
// so the value cannot leak into another parse.
let referenceTime: Date | undefined;
const requestTime: Now = () => referenceTime ?? new Date();

export const tokenizationFieldsSchema = createTokenizationFieldsSchema({ now: requestTime });

export const tokenizationRequestSchema = z
  .object({ request: tokenizationFieldsSchema }, { error: () => "Request body must be a JSON object" })
  .meta({ description: "Body of POST /transactions/tokenizations" });

export const customerSchema = createCustomerSchema(requestTime);

export type TokenizationRequest = z.output<typeof tokenizationFieldsSchema>;
export type TokenizationRequestInput = z.input<typeof tokenizationFieldsSchema>;
export type TokenizationRequestBody = z.input<typeof tokenizationRequestSchema>;
export type BillingAddress = z.output<typeof billingAddressSchema>;
export type CustomerDetails = z.output<typeof customerSchema>;
export type AdditionalData = z.output<typeof additionalDataSchema>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: ErrorTree };

/**
 * Validates a parsed JSON body (`{"request": {...}}`) in one pass, reporting every field error at once, with
 * paths relative to `request` (`{"credit_card":{"number":["is invalid"]}}`). `now` is the moment the request
 * is judged at (card expiry, birth date); the system clock when omitted.
 */
export function parseTokenizationRequest(
  body: unknown,
  options: { now?: Date } = {},
): ParseResult<TokenizationRequest> {
  // A body that is not an object has no `request` either; say so rather than talk about the body's type.
  const input = isPlainObject(body) ? body : {};
  referenceTime = options.now;
  try {
    const result = tokenizationRequestSchema.safeParse(input);
    return result.success
      ? { ok: true, value: result.data.request }
      : { ok: false, errors: errorTreeFromZod(result.error, { within: ["request"] }) };
  } finally {
    referenceTime = undefined;
  }
}
