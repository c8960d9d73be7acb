import { z } from "zod";
import { BLANK, greaterThanOrEqualTo, INVALID, lessThanOrEqualTo, tooLong } from "@/lib/contracts/messages";
import {
  type ShopSettings,
  SMART_ROUTING_MATCH_KEYS,
  type SmartRoutingRule,
  shopSettingsSchema,
} from "@/lib/contracts/shop-settings";

/**
 * The shop settings form. Its inputs hold strings and booleans (an empty input is "not set", origins are one per
 * line, amounts are typed as text), turned into the `PATCH /shop` settings and checked with the API's own schema.
 * Operator-only settings (skip/force clearance, gateway id) are not part of it.
 */

export const EDITABLE_SETTINGS = {
  three_d_secure: true,
  required_fields: true,
  branding: true,
  frame_ancestors: true,
  smart_routing_rules: true,
  velocity_limit_per_minute: true,
  new_card_limit_per_minute: true,
  authorization_expiry_days: true,
  send_secret_key_in_webhooks: true,
  customer_emails: true,
  accepted_brands: true,
  support_email: true,
  support_phone: true,
  support_url: true,
} as const;

export type EditableSettings = Pick<ShopSettings, keyof typeof EDITABLE_SETTINGS>;

export type MatchKey = (typeof SMART_ROUTING_MATCH_KEYS)[number];

export interface RuleFormValues {
  action: string;
  match: Record<MatchKey, string>;
}

export interface SettingsFormValues {
  three_d_secure: boolean;
  required_fields: string[];
  branding: { name: string; logo_url: string; color: string };
  /** One origin per line. */
  frame_ancestors: string;
  smart_routing_rules: RuleFormValues[];
  /** Digits, or empty for no limit. */
  velocity_limit_per_minute: string;
  /** Digits; 0 for no limit (empty is not "no limit" here: the gateway's off switch for this one is 0). */
  new_card_limit_per_minute: string;
  /** Digits: days an authorization can be captured or voided. */
  authorization_expiry_days: string;
  send_secret_key_in_webhooks: boolean;
  customer_emails: { enabled: boolean; kinds: string[] };
  accepted_brands: string[];
  /** The shop's contact for shoppers; empty for none. */
  support_email: string;
  support_phone: string;
  support_url: string;
}

const newCardLimit = shopSettingsSchema.shape.new_card_limit_per_minute.unwrap();

/** The gateway's bounds of `new_card_limit_per_minute`, for the form's hint (the schema itself checks them). */
export const NEW_CARD_LIMIT_RANGE = { min: newCardLimit.minValue ?? 0, max: newCardLimit.maxValue ?? 0 };

const authorizationExpiry = shopSettingsSchema.shape.authorization_expiry_days.unwrap();

/** The gateway's bounds of `authorization_expiry_days`, for the form's hint. */
export const AUTHORIZATION_EXPIRY_RANGE = {
  min: authorizationExpiry.minValue ?? 1,
  max: authorizationExpiry.maxValue ?? 1,
};

export const EMPTY_RULE: RuleFormValues = {
  action: "force_3ds",
  match: { brand: "", issuer_country: "", bin: "", currency: "", amount_min: "", amount_max: "" },
};

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

// Digits become numbers; anything else is passed on as typed, so the API's schema names the problem.
const amount = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : blankToNull(value));

const upperCase = (value: string) => blankToNull(value)?.toUpperCase() ?? null;

const MATCH_INPUTS: Record<MatchKey, (value: string) => unknown> = {
  brand: blankToNull,
  issuer_country: upperCase,
  bin: blankToNull,
  currency: upperCase,
  amount_min: amount,
  amount_max: amount,
};

export function toSettingsUpdate(values: SettingsFormValues): Record<string, unknown> {
  return {
    three_d_secure: values.three_d_secure,
    required_fields: values.required_fields,
    branding: {
      name: blankToNull(values.branding.name),
      logo_url: blankToNull(values.branding.logo_url),
      color: blankToNull(values.branding.color),
    },
    frame_ancestors: values.frame_ancestors
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    smart_routing_rules: values.smart_routing_rules.map((rule) => {
      const match: Record<string, unknown> = {};
      for (const key of SMART_ROUTING_MATCH_KEYS) {
        const value = MATCH_INPUTS[key](rule.match[key]);
        if (value !== null) match[key] = value;
      }
      return { match, action: rule.action };
    }),
    velocity_limit_per_minute: amount(values.velocity_limit_per_minute),
    new_card_limit_per_minute: amount(values.new_card_limit_per_minute),
    authorization_expiry_days: amount(values.authorization_expiry_days),
    send_secret_key_in_webhooks: values.send_secret_key_in_webhooks,
    customer_emails: { enabled: values.customer_emails.enabled, kinds: values.customer_emails.kinds },
    accepted_brands: values.accepted_brands,
    support_email: blankToNull(values.support_email),
    support_phone: blankToNull(values.support_phone),
    support_url: blankToNull(values.support_url),
  };
}

export function toFormValues(settings: EditableSettings): SettingsFormValues {
  return {
    three_d_secure: settings.three_d_secure,
    required_fields: [...settings.required_fields],
    branding: {
      name: settings.branding.name ?? "",
      logo_url: settings.branding.logo_url ?? "",
      color: settings.branding.color ?? "",
    },
    frame_ancestors: settings.frame_ancestors.join("\n"),
    smart_routing_rules: settings.smart_routing_rules.map((rule: SmartRoutingRule) => ({
      action: rule.action,
      match: Object.fromEntries(
        SMART_ROUTING_MATCH_KEYS.map((key) => [
          key,
          rule.match[key] === undefined ? "" : String(rule.match[key]),
        ]),
      ) as Record<MatchKey, string>,
    })),
    velocity_limit_per_minute:
      settings.velocity_limit_per_minute === null ? "" : String(settings.velocity_limit_per_minute),
    new_card_limit_per_minute: String(settings.new_card_limit_per_minute),
    authorization_expiry_days: String(settings.authorization_expiry_days),
    send_secret_key_in_webhooks: settings.send_secret_key_in_webhooks,
    customer_emails: {
      enabled: settings.customer_emails.enabled,
      kinds: [...settings.customer_emails.kinds],
    },
    accepted_brands: [...settings.accepted_brands],
    support_email: settings.support_email ?? "",
    support_phone: settings.support_phone ?? "",
    support_url: settings.support_url ?? "",
  };
}

const formShape = z.object({
  three_d_secure: z.boolean(),
  required_fields: z.array(z.string()),
  branding: z.object({ name: z.string(), logo_url: z.string(), color: z.string() }),
  frame_ancestors: z.string(),
  smart_routing_rules: z.array(
    z.object({
      action: z.string(),
      match: z.object(
        Object.fromEntries(SMART_ROUTING_MATCH_KEYS.map((key) => [key, z.string()])) as Record<
          MatchKey,
          z.ZodString
        >,
      ),
    }),
  ),
  velocity_limit_per_minute: z.string(),
  new_card_limit_per_minute: z.string(),
  authorization_expiry_days: z.string(),
  send_secret_key_in_webhooks: z.boolean(),
  customer_emails: z.object({ enabled: z.boolean(), kinds: z.array(z.string()) }),
  accepted_brands: z.array(z.string()),
  support_email: z.string(),
  support_phone: z.string(),
  support_url: z.string(),
});

export const settingsFormSchema = formShape
  .transform(toSettingsUpdate)
  .pipe(shopSettingsSchema.pick(EDITABLE_SETTINGS));

export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/**
 * Wording for zod's built-in checks, in the API's style ("is invalid", "is too long (maximum is 100
 * characters)", "must be less than or equal to 1000000"); the rules' own messages (smart routing) come through
 * unchanged.
 */
export function settingsFormIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === "custom") return undefined;
  // An emptied input of a setting that cannot be unset (blank inputs become null).
  if (issue.code === "invalid_type" && issue.input === null) return BLANK;
  if (issue.code === "too_big" && issue.origin === "number") return lessThanOrEqualTo(Number(issue.maximum));
  if (issue.code === "too_small" && issue.origin === "number")
    return greaterThanOrEqualTo(Number(issue.minimum));
  if (issue.code === "too_big" && issue.origin === "string") return tooLong(Number(issue.maximum));
  if (issue.code === "too_big" && issue.origin === "array") return tooLong(Number(issue.maximum), "rules");
  // A list that must name one at least (the accepted card brands).
  if (issue.code === "too_small" && issue.origin === "array") return BLANK;
  return INVALID;
}
