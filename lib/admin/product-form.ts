import { CHECKOUT_CUSTOMER_FIELDS } from "@/lib/contracts/checkout";
import { isCurrencyCode } from "@/lib/contracts/currencies";
import type { ProductCreateInput } from "@/lib/contracts/product";
import { parseMajorAmount } from "./money-form";

/**
 * The admin's "New product" form, read from its FormData into the products API's body. Only what a browser form
 * cannot say in the API's terms is translated here (a price in major units, an empty quantity for no limit, a local
 * date and time); every rule is the gateway's, whose 422 errors the form shows beside its fields.
 */

export const PRODUCT_FORM_FIELDS = [
  "name",
  "description",
  "amount",
  "currency",
  "quantity",
  "expired_at",
  "transaction_type",
  "language",
  "success_url",
  "fail_url",
  "return_url",
  "notification_url",
] as const;
export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * "12.50" EUR → 1250, "1,250.00" HUF → 125000: read as the capture, void and refund forms read an amount
 * (`parseMajorAmount`: ISO 4217 decimals, thousands separators). Anything it refuses stays as typed, for the
 * gateway's own 422 beside the field.
 */
export function minorUnitsOf(amount: string, currency: string): number | string {
  if (!isCurrencyCode(currency)) return amount;
  const parsed = parseMajorAmount(amount, currency, Number.MAX_SAFE_INTEGER);
  return parsed.ok ? parsed.amount : amount;
}

export function productBodyFromForm(form: FormData): ProductCreateInput {
  const currency = text(form, "currency").toUpperCase();
  const quantity = text(form, "quantity");
  const expiredAt = text(form, "expired_at");
  const optional = (name: string) => text(form, name) || null;
  const visible = form
    .getAll("visible")
    .filter((value): value is string =>
      (CHECKOUT_CUSTOMER_FIELDS as readonly string[]).includes(String(value)),
    );
  return {
    name: text(form, "name"),
    description: text(form, "description"),
    currency: currency as ProductCreateInput["currency"],
    amount: minorUnitsOf(text(form, "amount"), currency),
    ...(quantity ? { quantity } : { infinite: true }),
    // A datetime-local value is the merchant's wall clock; the browser sends its offset alongside.
    ...(expiredAt ? { expired_at: `${expiredAt}:00${text(form, "timezone_offset") || "Z"}` } : {}),
    transaction_type: (optional("transaction_type") ?? "payment") as ProductCreateInput["transaction_type"],
    language: optional("language") as ProductCreateInput["language"],
    success_url: optional("success_url"),
    fail_url: optional("fail_url"),
    return_url: optional("return_url"),
    notification_url: optional("notification_url"),
    visible: visible as ProductCreateInput["visible"],
    test: form.get("test") === "on",
  };
}
