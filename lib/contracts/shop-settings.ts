import { z } from "zod";

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
  /** Origins allowed to frame the hosted page (CSP frame-ancestors); empty means none. */
  frame_ancestors: z.array(z.url({ protocol: /^https?$/ })).default([]),
  /** Reported as `tokenization.gateway_id`. */
  gateway_id: z.number().int().positive().default(1),
});

export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
