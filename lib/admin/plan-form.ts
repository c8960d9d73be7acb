import { z } from "zod";
import { currencyMinorUnits, isCardCurrencyCode, isCurrencyCode } from "@/lib/contracts/currencies";
import type { ErrorTree } from "@/lib/contracts/errors";
import { parseMajorAmount } from "./money-form";
import { minorUnitsOf } from "./product-form";

/**
 * The admin's "New plan" form: FormData checked by zod (what a browser form can get wrong before the gateway is
 * asked), then turned into POST /plans' body. The gateway's own 422 errors, nested like its body, are flattened
 * back to the form's fields so they appear beside them.
 */

export const PLAN_FORM_FIELDS = [
  "title",
  "amount",
  "currency",
  "interval",
  "interval_unit",
  "trial_days",
] as const;
export type PlanFormField = (typeof PLAN_FORM_FIELDS)[number];

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const planFormSchema = z.object({
  title: z.string().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)"),
  currency: z.string().refine(isCardCurrencyCode, "is not a currency code"),
  // Plain ("1250.5", "12,05") or with thousands separators ("1,250.00"), as the admin shows amounts.
  amount: z
    .string()
    .regex(/^(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)$/, "must be an amount such as 9.99"),
  interval: z.coerce.number().int("must be a whole number").min(1, "must be at least 1"),
  interval_unit: z.enum(["hour", "day", "week", "month", "year"], { message: "is not a unit" }),
  trial_days: z.union([
    z.literal(""),
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(365, "must be at most 365"),
  ]),
});

export type PlanFormResult = { ok: true; body: Record<string, unknown> } | { ok: false; errors: ErrorTree };

export function planBodyFromForm(form: FormData): PlanFormResult {
  const raw = Object.fromEntries(PLAN_FORM_FIELDS.map((field) => [field, text(form, field)]));
  const parsed = planFormSchema.safeParse(raw);
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? "base");
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  // Zero, more decimals than the currency has, or past what can be counted: said beside the price whatever else
  // is wrong. The price is read as the money forms read an amount (ISO 4217 decimals, thousands separators).
  const price =
    !errors.amount && isCurrencyCode(raw.currency)
      ? parseMajorAmount(raw.amount, raw.currency, Number.MAX_SAFE_INTEGER)
      : null;
  if (price && !price.ok) {
    errors.amount = [
      price.reason === "zero"
        ? "must be greater than 0"
        : price.reason === "too_large"
          ? "is too large"
          : `has more than ${currencyMinorUnits(raw.currency)} decimals`,
    ];
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const value = parsed.data;
  return {
    ok: true,
    body: {
      title: value.title,
      currency: value.currency,
      plan: {
        amount: minorUnitsOf(value.amount, value.currency),
        interval: value.interval,
        interval_unit: value.interval_unit,
      },
      ...(value.trial_days === ""
        ? {}
        : { trial: { amount: 0, interval: value.trial_days, interval_unit: "day" } }),
    },
  };
}

/** The gateway's errors (`plan.amount`, `trial.interval`, …) under the form's own field names. */
export function planFormErrors(errors: ErrorTree): ErrorTree {
  const flat: Record<string, string[]> = {};
  const add = (field: string, value: unknown) => {
    if (Array.isArray(value)) flat[field] = [...(flat[field] ?? []), ...value.map(String)];
  };
  for (const [key, value] of Object.entries(errors)) {
    if (key === "plan" && value && !Array.isArray(value)) {
      for (const [inner, messages] of Object.entries(value)) add(inner, messages);
    } else if (key === "trial" && value && !Array.isArray(value)) {
      for (const messages of Object.values(value)) add("trial_days", messages);
    } else if ((PLAN_FORM_FIELDS as readonly string[]).includes(key)) add(key, value);
    else add("base", Array.isArray(value) ? value.map((message) => `${key} ${message}`) : ["is invalid"]);
  }
  return flat;
}
