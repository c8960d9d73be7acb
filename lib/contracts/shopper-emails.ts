import { z } from "zod";

/**
 * What a shop can have e-mailed to its shoppers: a receipt of a successful payment or capture, a refund, a payout,
 * and the subscription messages (started, a renewal's receipt, a failed renewal with the link to update the card,
 * canceled, a free trial's reminder before it ends, a plan change, a pause and a resume).
 */
export const SHOPPER_EMAIL_KINDS = [
  "receipt",
  "refund",
  "payout",
  "subscription_started",
  "renewal_receipt",
  "renewal_failed",
  "subscription_canceled",
  "trial_will_end",
  "plan_changed",
  "subscription_paused",
  "subscription_resumed",
] as const;
export type ShopperEmailKind = (typeof SHOPPER_EMAIL_KINDS)[number];

export const SHOPPER_EMAIL_STATUSES = ["pending", "sent", "kept", "failed"] as const;
export type ShopperEmailStatus = (typeof SHOPPER_EMAIL_STATUSES)[number];

export const SHOPPER_EMAIL_ID_PATTERN = /^eml_[0-9a-f]{16}$/;

/** The shop setting: off unless the merchant turns it on; then every kind listed is sent. */
export const customerEmailsSettingSchema = z
  .object({
    enabled: z.boolean().default(false).describe("E-mail shoppers at `customer.email` (off by default)"),
    kinds: z
      .array(z.enum(SHOPPER_EMAIL_KINDS))
      .default([...SHOPPER_EMAIL_KINDS])
      .describe("Which messages to send; all of them by default"),
  })
  .default({ enabled: false, kinds: [...SHOPPER_EMAIL_KINDS] })
  .describe("Shopper e-mails: receipts, refunds, payouts and subscription messages");

export type CustomerEmailsSetting = z.output<typeof customerEmailsSettingSchema>;

/** One e-mail as the merchant API lists it. */
export const shopperEmailSchema = z
  .object({
    id: z.string().describe("eml_ + 16 hex"),
    kind: z.enum(SHOPPER_EMAIL_KINDS),
    status: z
      .enum(SHOPPER_EMAIL_STATUSES)
      .describe(
        "pending: waiting to be sent (or to be tried again); sent: the mail server accepted it; kept: no mail " +
          "server is configured, the message is kept here; failed: given up on (last_error says why)",
      ),
    to: z.string().describe("The shopper's address (customer.email)"),
    language: z.string(),
    subject: z.string(),
    transaction_uid: z.string().nullable(),
    subscription_id: z.string().nullable(),
    test: z.boolean(),
    attempts: z.int(),
    last_error: z.string().nullable(),
    sent_at: z.string().nullable().describe("ISO 8601; when the mail server accepted it"),
    created_at: z.string().describe("ISO 8601"),
    updated_at: z.string().describe("ISO 8601"),
  })
  .meta({ description: "A shopper e-mail" });

export type ShopperEmail = z.output<typeof shopperEmailSchema>;

export const shopperEmailListSchema = z.array(shopperEmailSchema).meta({ description: "Shopper e-mails" });

/** One e-mail with its rendered message. */
export const shopperEmailMessageSchema = z
  .object({
    email: shopperEmailSchema.extend({
      html: z.string().describe("The HTML part, as sent"),
      text: z.string().describe("The plain-text part, as sent"),
    }),
  })
  .meta({ description: "A shopper e-mail with its message" });

export type ShopperEmailMessage = z.output<typeof shopperEmailMessageSchema>["email"];
