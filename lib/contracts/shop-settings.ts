import { z } from "zod";
import { CARD_BRANDS } from "@/lib/cards/brand";
import { AMOUNT_CEILING_MAJOR_UNITS } from "./amount-limits";
import { COUNTRY_CODES } from "./countries";
import { CARD_CURRENCY_CODES } from "./currencies";
import { arrayValue, fieldErrors, isAbsent, optional, runOnObjects } from "./fields";
import {
  greaterThanOrEqualTo,
  INVALID,
  lessThanOrEqualTo,
  NOT_A_NUMBER,
  NOT_AN_ARRAY,
  NOT_AN_INTEGER,
  NOT_AN_OBJECT,
  NOT_INCLUDED,
  tooLong,
} from "./messages";
import { customerEmailsSettingSchema } from "./shopper-emails";

/** Request fields the spec marks "cond.": a shop (its acquirer) decides which of them are required. */
export const REQUIRABLE_FIELDS = [
  "credit_card.verification_value",
  "credit_card.holder",
  "customer.ip",
  "customer.email",
  "customer.device_id",
  "customer.birth_date",
  "billing_address.first_name",
  "billing_address.last_name",
  "billing_address.country",
  "billing_address.city",
  "billing_address.state",
  "billing_address.zip",
  "billing_address.address",
  "billing_address.phone",
] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];

export const SMART_ROUTING_ACTIONS = ["skip_3ds", "force_3ds", "decline"] as const;
export type SmartRoutingAction = (typeof SMART_ROUTING_ACTIONS)[number];

export const MAX_SMART_ROUTING_RULES = 100;

export const SMART_ROUTING_MATCH_KEYS = [
  "brand",
  "issuer_country",
  "bin",
  "currency",
  "amount_min",
  "amount_max",
] as const;

const UNKNOWN_KEY = "is not a known key";

/**
 * Rules are parsed as loose objects so that unknown keys can be reported, each at its own path, instead of being
 * dropped: a misspelt key would otherwise silently widen the rule to more cards.
 */
function reportUnknownKeys(value: object, known: readonly string[], ctx: z.RefinementCtx): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) ctx.addIssue({ code: "custom", message: UNKNOWN_KEY, path: [key] });
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key];
  return picked;
}

const ruleAmount = (description: string) =>
  optional(
    z
      .number({ error: fieldErrors(NOT_A_NUMBER) })
      .int(NOT_AN_INTEGER)
      .min(0, greaterThanOrEqualTo(0))
      .max(Number.MAX_SAFE_INTEGER, lessThanOrEqualTo(Number.MAX_SAFE_INTEGER)),
  ).describe(description);

/** What a smart-routing rule matches: every key given must hold (AND); `null` counts as not given. */
export const smartRoutingMatchSchema = z
  .looseObject(
    {
      brand: optional(z.enum(CARD_BRANDS, { error: fieldErrors(NOT_INCLUDED) })).describe("Card brand"),
      issuer_country: optional(z.enum(COUNTRY_CODES, { error: fieldErrors(INVALID) })).describe(
        "ISO 3166-1 alpha-2 country of the issuing bank",
      ),
      bin: optional(z.string({ error: fieldErrors(INVALID) }).regex(/^\d{6,8}$/, INVALID)).describe(
        "6 to 8 leading digits of the card number",
      ),
      currency: optional(z.enum(CARD_CURRENCY_CODES, { error: fieldErrors(INVALID) })).describe(
        "ISO 4217 code",
      ),
      amount_min: ruleAmount(
        "Smallest amount matched, in minor units of the transaction's currency, inclusive",
      ),
      amount_max: ruleAmount(
        "Largest amount matched, in minor units of the transaction's currency, inclusive",
      ),
    },
    { error: fieldErrors(NOT_AN_OBJECT) },
  )
  // Runs even when a key failed its own check, so every problem of a rule is reported at once; the values may
  // then be raw, hence the type checks.
  .superRefine((match, ctx) => {
    reportUnknownKeys(match, SMART_ROUTING_MATCH_KEYS, ctx);
    if (SMART_ROUTING_MATCH_KEYS.every((key) => isAbsent(match[key]))) {
      ctx.addIssue({
        code: "custom",
        message: "must name at least one of brand, issuer_country, bin, currency, amount_min, amount_max",
        path: [],
      });
    }
    const { amount_min: min, amount_max: max } = match;
    if (typeof min === "number" && typeof max === "number" && min > max) {
      ctx.addIssue({ code: "custom", message: greaterThanOrEqualTo(min), path: ["amount_max"] });
    }
  }, runOnObjects);

export const smartRoutingRuleSchema = z
  .looseObject(
    {
      match: smartRoutingMatchSchema,
      action: z
        .enum(SMART_ROUTING_ACTIONS, { error: fieldErrors(NOT_INCLUDED) })
        .describe("skip_3ds / force_3ds: override the 3-D Secure decision; decline: fail the transaction"),
    },
    { error: fieldErrors(NOT_AN_OBJECT) },
  )
  .superRefine((rule, ctx) => reportUnknownKeys(rule, ["match", "action"], ctx), runOnObjects)
  .transform(({ match, action }) => ({ match: pick(match, SMART_ROUTING_MATCH_KEYS), action }))
  .describe("A smart-routing rule: the first rule whose match holds decides");

export type SmartRoutingRule = z.output<typeof smartRoutingRuleSchema>;

/**
 * A shop's default cap on new cards a minute: far above what a shop's shoppers bring (a busy web shop sees a few
 * new cards a minute), far below what a card-testing script sends. Shops with bursts raise it in their settings.
 */
export const DEFAULT_NEW_CARD_LIMIT_PER_MINUTE = 60;

/** A payout's and a day's payouts' default caps, in major units of the payout's currency. */
export const DEFAULT_PAYOUT_LIMIT = 5_000;
export const DEFAULT_PAYOUT_DAILY_LIMIT = 50_000;
/** Shopper e-mails an hour: ample for a busy shop's receipts, far below what a relay of spam would want. */
export const DEFAULT_CUSTOMER_EMAIL_LIMIT_PER_HOUR = 1_000;
/** Test money's e-mails (a test shop, a test clock run through a year of renewals) an hour, whatever the shop's. */
export const TEST_CUSTOMER_EMAIL_LIMIT_PER_HOUR = 100;
/** The operator's fee for a chargeback, in major units of the disputed payment's currency. */
export const DEFAULT_DISPUTE_FEE = 15;
/** A new shop pays out in euros only: caps in major units mean money only among currencies of like worth. */
export const DEFAULT_PAYOUT_CURRENCIES = ["EUR"] as const;

export const shopSettingsSchema = z.object({
  three_d_secure: z.boolean().default(false).describe("3-D Secure is enabled for the shop"),
  skip_three_d_secure_allowed: z
    .boolean()
    .default(false)
    .describe("Cleared by the operator to send skip_three_d_secure_verification"),
  force_three_d_secure_allowed: z
    .boolean()
    .default(false)
    .describe("Cleared by the operator to send force_three_d_secure_verification"),
  required_fields: z.array(z.enum(REQUIRABLE_FIELDS)).default([]),
  branding: z
    .object({
      name: z.string().max(100).nullable().default(null),
      logo_url: z
        .url({ protocol: /^https?$/ })
        .nullable()
        .default(null),
      color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .nullable()
        .default(null),
    })
    .default({ name: null, logo_url: null, color: null }),
  accepted_brands: z
    .array(z.enum(CARD_BRANDS, { error: fieldErrors(NOT_INCLUDED) }), { error: fieldErrors(NOT_AN_ARRAY) })
    .min(1, "can't be blank")
    .refine((brands) => new Set(brands).size === brands.length, "can't name a brand twice")
    .default([...CARD_BRANDS])
    .describe(
      "Card brands the shop takes (default: all the gateway knows); the hosted page shows only these, and a card of " +
        "another brand is refused (422) on tokenizations and payments",
    ),
  // How shoppers reach the shop: on receipts (page and e-mail) and the result page; the site is also the way back
  // from the gateway's own pages.
  support_email: z
    .email()
    .max(254)
    .nullable()
    .default(null)
    .describe("The shop's e-mail address for shoppers' questions, shown on receipts"),
  support_phone: z
    .string()
    .regex(/^\+?[0-9][0-9 ()./-]{3,30}[0-9]$/, "is not a phone number")
    .nullable()
    .default(null)
    .describe("The shop's phone number for shoppers (digits, spaces, + ( ) . / -), shown on receipts"),
  support_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .default(null)
    .describe(
      "The shop's site or help page, shown on receipts and linked as the way back from the gateway's own pages",
    ),
  /**
   * Origins allowed to frame the hosted page (CSP frame-ancestors); empty means none. A wildcard host is refused on
   * a change (update-shop-settings.ts) and dropped where the header is written (frame-ancestors.ts).
   */
  frame_ancestors: z.array(z.url({ protocol: /^https?$/ })).default([]),
  notification_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .default(null)
    .describe(
      "Where the shop's own webhooks go: a chargeback (and the dispute events) reaches it as well as the payment's " +
        "notification_url, which may be gone by then",
    ),
  cancel_subscriptions_on_fraud_dispute: z
    .boolean()
    .default(true)
    .describe("A fraud dispute of a subscription's payment cancels the subscription (its reason recorded)"),
  dispute_fee: z
    .number()
    .int()
    .min(0)
    .max(1_000)
    .default(DEFAULT_DISPUTE_FEE)
    .describe(
      "The operator's fee for each chargeback, in major units of the payment's currency, taken with the disputed " +
        "amount and given back if the chargeback is won; set by the operator",
    ),
  /** Ordered: the first matching rule wins; none means `smart_routing_verification.status` "skipped". */
  smart_routing_rules: arrayValue(smartRoutingRuleSchema)
    .max(MAX_SMART_ROUTING_RULES, tooLong(MAX_SMART_ROUTING_RULES, "rules"))
    .default([]),
  velocity_limit_per_minute: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .default(null)
    .describe("Most tokenizations the shop takes in a minute (card-testing defence); null: no limit"),
  authorization_expiry_days: z
    .number()
    .int()
    .min(1)
    .max(31)
    .default(7)
    .describe("Days an authorization can be captured or voided; after that it expires"),
  // 0, not null, turns it off: a PATCH with null puts a setting back to its default.
  new_card_limit_per_minute: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(DEFAULT_NEW_CARD_LIMIT_PER_MINUTE)
    .describe(
      "Most distinct card numbers new to the shop (not tokenized by it in the last 24 hours) it takes in a minute, " +
        `on the API and the hosted page (card-testing defence); default ${DEFAULT_NEW_CARD_LIMIT_PER_MINUTE}; 0: no limit`,
    ),
  /** Reported as `tokenization.gateway_id`. */
  gateway_id: z.number().int().positive().default(1),
  send_secret_key_in_webhooks: z
    .boolean()
    .default(true)
    .describe(
      "Webhooks and verification requests carry the shop's id and secret key in Authorization (HTTP Basic), for " +
        "beGateway clients that check it; turn off once the receiver verifies Content-Signature or webhook-signature",
    ),
  // Payouts send money to any card: the operator clears a shop for them and sets its caps (`npm run shop`).
  payouts_allowed: z
    .boolean()
    .default(false)
    .describe("Cleared by the operator to send payouts (POST /transactions/credits)"),
  payout_limit: z
    .number()
    .int()
    .min(1)
    .max(AMOUNT_CEILING_MAJOR_UNITS)
    .default(DEFAULT_PAYOUT_LIMIT)
    .describe(
      "Largest payout, in major units of its currency (5000: EUR 5,000.00, JPY 5,000, KWD 5,000.000); set by the operator",
    ),
  payout_currencies: z
    .array(z.enum(CARD_CURRENCY_CODES, { error: fieldErrors(INVALID) }), { error: fieldErrors(NOT_AN_ARRAY) })
    .min(1, "can't be blank")
    .max(CARD_CURRENCY_CODES.length)
    .refine((codes) => new Set(codes).size === codes.length, "can't name a currency twice")
    .default([...DEFAULT_PAYOUT_CURRENCIES])
    .describe(
      "Currencies the shop may pay out in; the caps count in major units of each, so the operator lists only " +
        "currencies whose units are worth about as much (default EUR); set by the operator",
    ),
  payout_daily_limit: z
    .number()
    .int()
    .min(1)
    .max(AMOUNT_CEILING_MAJOR_UNITS)
    .default(DEFAULT_PAYOUT_DAILY_LIMIT)
    .describe(
      "Most the shop pays out in a UTC day per currency (approved and pending payouts), in major units; set by the operator",
    ),
  customer_emails: customerEmailsSettingSchema,
  customer_email_limit_per_hour: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_CUSTOMER_EMAIL_LIMIT_PER_HOUR)
    .describe(
      `Most shopper e-mails the shop's live transactions send in an hour (default ${DEFAULT_CUSTOMER_EMAIL_LIMIT_PER_HOUR}; ` +
        `test ones: ${TEST_CUSTOMER_EMAIL_LIMIT_PER_HOUR}); past it a message is not sent (failed, and counted); ` +
        "set by the operator",
    ),
  time_zone: z
    .string()
    .max(64)
    .refine(isTimeZone, "is not a known IANA time zone")
    .default("UTC")
    .describe(
      "IANA time zone of the shop (e.g. Europe/Berlin): where a plan's payments at night are kept out",
    ),
});

/** Whether the runtime knows `value` as an IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
