import { z } from "zod";
import { cardTokenSchema } from "./credit-card";
import { type ErrorTree, errorTreeFromZod } from "./errors";
import {
  arrayValue,
  booleanValue,
  countryCode,
  currencyCode,
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
import {
  BLANK,
  greaterThanOrEqualTo,
  INVALID,
  lessThanOrEqualTo,
  NOT_INCLUDED,
  NOT_SUPPORTED,
} from "./messages";
import type { ParseResult } from "./tokenization";
import { additionalDataSchema, DESCRIPTION_MAX_LENGTH, TRACKING_ID_MAX_LENGTH } from "./tokenization";
import { transactionSchema } from "./transaction";

/**
 * Checkout sessions: a merchant creates one (`POST /ctp/api/checkouts`) and sends the shopper to its
 * `redirect_url`, the hosted payment page. Wire format of the beGateway checkout API family.
 */

/** What a session's payment does: store the card (tokenization), charge it (payment) or hold the amount (authorization). */
export const CHECKOUT_TRANSACTION_TYPES = ["tokenization", "payment", "authorization"] as const;
export type CheckoutTransactionType = (typeof CHECKOUT_TRANSACTION_TYPES)[number];
/** `message` of a session the shopper canceled: what the gateway's cancel endpoint sets, what the page looks for. */
export const CANCELED_BY_SHOPPER = "Canceled by the shopper";
export const MAX_CHECKOUT_ATTEMPTS = 10;
export const DEFAULT_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const MAX_AUTO_RETURN_SECONDS = 600;

/** Customer fields the hosted page can show; the first four go to `customer`, the rest to `billing_address`. */
export const CHECKOUT_CUSTOMER_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "address",
  "city",
  "country",
  "state",
  "zip",
  "phone",
  "birth_date",
] as const;
export type CheckoutCustomerField = (typeof CHECKOUT_CUSTOMER_FIELDS)[number];

const customerFieldList = withDefault(
  arrayValue(z.enum(CHECKOUT_CUSTOMER_FIELDS, { error: fieldErrors(NOT_INCLUDED) })),
  [],
).transform((values) => [...new Set(values)]);

function createCheckoutCustomerSchema(now: Now) {
  return withAddressRules(
    objectValue({
      email: optional(email()),
      first_name: optionalString(30),
      last_name: optionalString(30),
      address: optionalString(255),
      city: optionalString(60),
      country: optional(countryCode()),
      state: optionalString(),
      zip: optionalString(),
      phone: optionalString(100),
      birth_date: optional(pastCalendarDate(now)),
      ip: optional(ipAddress()),
      device_id: optionalString(),
    }),
  );
}

function futureTimestamp(now: Now) {
  return stringValue()
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), INVALID)
    .refine((value) => Date.parse(value) > now().getTime(), "must be in the future")
    .meta({ format: "date-time" });
}

export function createCheckoutRequestSchema(options: { now?: Now } = {}) {
  const now = options.now ?? systemNow;
  const fields = z.object(
    {
      transaction_type: requiredString()
        .refine((value) => (CHECKOUT_TRANSACTION_TYPES as readonly string[]).includes(value), NOT_SUPPORTED)
        .transform((value) => value as CheckoutTransactionType)
        .describe("tokenization stores the card; payment charges it; authorization holds the amount"),
      test: withDefault(booleanValue(), false),
      attempts: withDefault(
        z
          .number({ error: fieldErrors("is not a number") })
          .int("must be an integer")
          .min(1, greaterThanOrEqualTo(1))
          .max(MAX_CHECKOUT_ATTEMPTS, lessThanOrEqualTo(MAX_CHECKOUT_ATTEMPTS)),
        1,
      ).describe("How many payment attempts the shopper gets (a declined card can be replaced)"),
      order: objectValue({
        amount: minorUnitAmount(),
        currency: currencyCode(),
        description: requiredString(DESCRIPTION_MAX_LENGTH),
        tracking_id: optionalString(TRACKING_ID_MAX_LENGTH),
        expired_at: optional(futureTimestamp(now)).describe("When the session expires; default 24 hours"),
        additional_data: withDefault(additionalDataSchema, { receipt_text: [], contract: [] }),
      }),
      settings: withDefault(
        objectValue({
          success_url: optional(httpUrl()),
          decline_url: optional(httpUrl()),
          fail_url: optional(httpUrl()),
          cancel_url: optional(httpUrl()),
          return_url: optional(httpUrl()).describe("Overrides success_url and decline_url"),
          notification_url: optional(httpUrl()),
          verification_url: optional(httpUrl()),
          auto_return: optional(
            z
              .number({ error: fieldErrors("is not a number") })
              .int("must be an integer")
              .min(0, greaterThanOrEqualTo(0))
              .max(MAX_AUTO_RETURN_SECONDS, lessThanOrEqualTo(MAX_AUTO_RETURN_SECONDS)),
          ).describe("Seconds the result page shows before the shopper is sent back (0: at once)"),
          language: withDefault(language(), DEFAULT_LANGUAGE),
          customer_fields: withDefault(
            objectValue({ visible: customerFieldList, read_only: customerFieldList }),
            { visible: [], read_only: [] },
          ),
          credit_card_fields: withDefault(
            objectValue({
              holder: optionalString(35),
              read_only: withDefault(booleanValue(), false),
            }),
            { read_only: false },
          ),
          save_card_toggle: withDefault(objectValue({ display: withDefault(booleanValue(), false) }), {
            display: false,
          }).describe(
            "display true: a payment or authorization paid with a card typed on the page asks the shopper, " +
              "unticked, whether to save it; only then is the card kept and its token returned. Without it a " +
              "successful charge keeps the card; a tokenization always does",
          ),
          another_card_toggle: withDefault(objectValue({ display: withDefault(booleanValue(), false) }), {
            display: false,
          }),
        }),
        {
          language: DEFAULT_LANGUAGE,
          customer_fields: { visible: [], read_only: [] },
          credit_card_fields: { read_only: false },
          save_card_toggle: { display: false },
          another_card_toggle: { display: false },
        },
      ),
      customer: optional(createCheckoutCustomerSchema(now)),
      payment_method: optional(
        objectValue({ credit_card: optional(objectValue({ token: optional(cardTokenSchema) })) }),
      ),
    },
    { error: () => BLANK },
  );
  return z
    .object({ checkout: fields }, { error: () => "Request body must be a JSON object" })
    .meta({ description: "Body of POST /ctp/api/checkouts" });
}

let referenceTime: Date | undefined;
export const checkoutRequestSchema = createCheckoutRequestSchema({ now: () => referenceTime ?? new Date() });

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>["checkout"];
export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>["checkout"];
export type CheckoutSettings = CheckoutRequest["settings"];
export type CheckoutCustomer = NonNullable<CheckoutRequest["customer"]>;
export type CheckoutOrder = CheckoutRequest["order"];

/** Validates `{"checkout": {...}}`, errors relative to `checkout`, judged at `now`. */
export function parseCheckoutRequest(
  body: unknown,
  options: { now?: Date } = {},
): ParseResult<CheckoutRequest> {
  const input = isPlainObject(body) ? body : {};
  referenceTime = options.now;
  try {
    const result = checkoutRequestSchema.safeParse(input);
    return result.success
      ? { ok: true, value: result.data.checkout }
      : { ok: false, errors: errorTreeFromZod(result.error, { within: ["checkout"] }) as ErrorTree };
  } finally {
    referenceTime = undefined;
  }
}

/**
 * Status of a session: `pending` (waiting for the shopper, also after a decline while attempts remain),
 * `incomplete` (3-D Secure in progress), `successful`, `failed` (declined with no attempts left), `error`
 * (expired).
 */
export const CHECKOUT_STATUSES = ["pending", "incomplete", "successful", "failed", "error"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const requestFields = checkoutRequestSchema.shape.checkout.shape;

/**
 * `GET /ctp/api/checkouts/{token}` with the shop's credentials (and each session of the list): the request's
 * order, settings and customer as the gateway kept them, defaults filled in, and the latest attempt's transaction.
 */
export const checkoutViewSchema = z
  .object({
    token: z.string().regex(/^[0-9a-f]{64}$/),
    shop_id: z.int(),
    transaction_type: z.enum(CHECKOUT_TRANSACTION_TYPES),
    status: z.enum(CHECKOUT_STATUSES),
    finished: z
      .boolean()
      .describe(
        "The session ended: paid, declined with no attempt left, or cancelled (a lapsed one: `expired`)",
      ),
    expired: z.boolean(),
    message: z.string().nullable(),
    test: z.boolean(),
    attempts: z.int(),
    attempts_used: z.int(),
    redirect_url: z.string().describe("The hosted payment page"),
    expired_at: z.string().meta({ format: "date-time" }),
    created_at: z.string().meta({ format: "date-time" }),
    order: requestFields.order,
    settings: requestFields.settings,
    customer: requestFields.customer.unwrap().nullable(),
    payment_method: z
      .object({ credit_card: z.object({ token: z.string() }) })
      .nullable()
      .describe("The stored card the session charges, when it was created with one"),
    gateway_response: z
      .object({ transaction: transactionSchema })
      .nullable()
      .describe("The latest attempt's transaction, as GET /transactions/{uid} gives it"),
  })
  .meta({ description: "A checkout session, the merchant's view" });

export const checkoutViewResponseSchema = z
  .object({ checkout: checkoutViewSchema })
  .meta({ description: "A checkout session, merchant view" });

/** `GET /ctp/api/checkouts`: each session as the merchant's view of it, newest first. */
export const checkoutListResponseSchema = z
  .object({ checkouts: z.array(checkoutViewSchema) })
  .meta({ description: "A page of checkout sessions, merchant view" });

export type CheckoutView = z.output<typeof checkoutViewSchema>;
