import { z } from "zod";
import { shopSettingsSchema } from "./shop-settings";

/**
 * The merchant API beyond the spec's endpoints, as the admin area uses it: the shop's own record and settings,
 * its secret key, and the daily report. Response shapes only; the gateway validates the requests.
 */

export const shopProfileSchema = z
  .object({
    id: z.int().describe("Shop id, the user name of HTTP Basic authentication"),
    name: z.string(),
    test: z.boolean().describe("Test-mode shop: every transaction is a test transaction"),
    settings: shopSettingsSchema,
    public_key: z
      .string()
      .describe("PEM RSA public key that verifies the Content-Signature header of webhooks"),
    webhook_secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/)
      .describe("Standard Webhooks signing secret (`whsec_` + base64 of the key)"),
  })
  .meta({ description: "The authenticated shop" });

export const shopResponseSchema = z.object({ shop: shopProfileSchema }).meta({ description: "The shop" });

export const shopSettingsUpdateSchema = z.object({ settings: shopSettingsSchema.partial() }).meta({
  description:
    "Settings to change; nested objects are merged, arrays and values replaced, `null` restores the default. " +
    "The whole result is validated. skip_three_d_secure_allowed, force_three_d_secure_allowed, gateway_id, " +
    "payouts_allowed, payout_limit and payout_daily_limit are set by the operator and cannot be changed here.",
});

export const secretKeyResponseSchema = z
  .object({ secret_key: z.string().describe("The new secret key; shown only in this response") })
  .meta({ description: "A rotated secret key" });

/**
 * Sent by the admin area with the shop's Basic credentials on every call of a signed-in merchant: the gateway
 * answers 401 once that session has ended (signed out, secret key rotated, expired), whatever the credentials.
 */
export const ADMIN_SESSION_HEADER = "X-Admin-Session";

export const adminSessionResponseSchema = z
  .object({
    session: z.object({
      id: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe(
          `The session's id, sent back in the ${ADMIN_SESSION_HEADER} header; shown only in this response`,
        ),
      expires_at: z.iso.datetime().describe("When the session ends (8 hours after it started)"),
    }),
  })
  .meta({ description: "A started admin session" });

/** A sum of minor units as a decimal string: exact however large (a JSON number past 2^53 is not). */
const minorUnitSum = (description: string) =>
  z
    .string()
    .regex(/^-?[0-9]+$/)
    .describe(`${description}, in minor units, as a decimal string (exact past 2^53)`);

export const currencyVolumeSchema = z.object({
  currency: z.string().describe("ISO 4217 code"),
  charged: minorUnitSum("Successful payments and captures"),
  refunded: minorUnitSum("Successful refunds"),
  paid_out: minorUnitSum("Successful payouts (credits)"),
  net: minorUnitSum("charged − refunded − paid_out; negative when more left than came in"),
});

export const disputeVolumeSchema = z.object({
  currency: z.string().describe("ISO 4217 code"),
  opened: z.int().describe("Disputes (inquiries and chargebacks) opened that day"),
  won: z.int().describe("Chargebacks won that day"),
  lost: z.int().describe("Chargebacks lost that day (accepted, decided against, or not answered in time)"),
  disputed: minorUnitSum("Taken back by chargebacks that day (left the merchant's balance)"),
  fees: minorUnitSum("Dispute fees taken with them"),
  reinstated: minorUnitSum("Given back that day by chargebacks won, amount and fee"),
});

export const dailyReportDaySchema = z.object({
  date: z.iso.date().describe("UTC day, YYYY-MM-DD"),
  tokenizations: z.int().describe("Tokenization requests accepted that day"),
  successful: z.int().describe("Tokenizations that succeeded"),
  failed: z.int().describe("Tokenizations that failed"),
  incomplete: z.int().describe("Tokenizations still waiting for 3-D Secure"),
  success_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("successful / tokenizations, 4 decimals; null on a day without tokenizations"),
  payments: z.int().describe("Payment and authorization requests accepted that day"),
  approved: z.int().describe("Payments and authorizations that succeeded"),
  declined: z.int().describe("Payments and authorizations that failed or ended in a processor error"),
  approval_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("approved / (approved + declined), 4 decimals; null on a day with none decided"),
  refunds: z.int().describe("Successful refunds"),
  volume: z.array(currencyVolumeSchema).describe("Money moved that day per currency, by currency code"),
  disputes: z
    .array(disputeVolumeSchema)
    .describe("Disputes that day per currency, by currency code: opened, decided, and the money they moved"),
});

export const dailyReportSchema = z
  .object({
    test: z
      .boolean()
      .describe(
        "Whether these are the shop's test transactions (`?test=true`, or a test-mode shop) or its live ones",
      ),
    days: z.array(dailyReportDaySchema).describe("Every day of the range, oldest first"),
  })
  .meta({ description: "Tokenizations, payments and money moved per UTC day" });

export type ShopProfile = z.output<typeof shopProfileSchema>;
export type ShopResponse = z.output<typeof shopResponseSchema>;
export type ShopSettingsUpdate = z.input<typeof shopSettingsUpdateSchema>;
export type SecretKeyResponse = z.output<typeof secretKeyResponseSchema>;
export type DailyReportDay = z.output<typeof dailyReportDaySchema>;
export type AdminSession = z.output<typeof adminSessionResponseSchema>["session"];
export type DailyReport = z.output<typeof dailyReportSchema>;
export type CurrencyVolume = z.output<typeof currencyVolumeSchema>;
export type DisputeVolume = z.output<typeof disputeVolumeSchema>;
