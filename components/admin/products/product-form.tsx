"use client";

import { useActionState, useEffect, useRef } from "react";
import { createProductAction } from "@/components/admin/products/actions";
import type { ActionResult } from "@/lib/admin/action-result";
import { fieldSentence } from "@/lib/admin/form-errors";
import type { ProductFormField } from "@/lib/admin/product-form";
import { CHECKOUT_CUSTOMER_FIELDS } from "@/lib/contracts/checkout";
import { CARD_CURRENCY_CODES } from "@/lib/contracts/currencies";
import type { ErrorTree } from "@/lib/contracts/errors";
import { LANGUAGES } from "@/lib/contracts/languages";
import type { Product } from "@/lib/contracts/product";
import { ErrorSummary, FormField, type SummaryItem } from "../form-field";

const LABELS: Record<ProductFormField, string> = {
  name: "Name",
  description: "Description",
  amount: "Price",
  currency: "Currency",
  quantity: "Stock",
  expired_at: "Sells until",
  transaction_type: "Payment",
  language: "Page language",
  success_url: "Success URL",
  fail_url: "Fail URL",
  return_url: "Return URL",
  notification_url: "Notification URL",
};

const VISIBLE_LABELS: Record<(typeof CHECKOUT_CUSTOMER_FIELDS)[number], string> = {
  email: "E-mail",
  first_name: "First name",
  last_name: "Last name",
  address: "Street address",
  city: "City",
  country: "Country",
  state: "State or province",
  zip: "Postal code",
  phone: "Phone",
  birth_date: "Date of birth",
};

const inputId = (field: string) => `product-${field}`;

function firstError(errors: ErrorTree | undefined, field: string): string | undefined {
  const value = errors?.[field];
  return Array.isArray(value) ? value[0] : undefined;
}

function summaryOf(result: ActionResult<Product> | null): SummaryItem[] {
  if (!result || result.status === "ok") return [];
  if (result.status !== "invalid") return [{ message: result.message }];
  const items: SummaryItem[] = [];
  for (const [field, value] of Object.entries(result.errors)) {
    const message = Array.isArray(value) ? value[0] : "is invalid";
    items.push(
      field === "base"
        ? { message }
        : { fieldId: inputId(field), message: fieldSentence(field, message) ?? `${field} ${message}` },
    );
  }
  return items;
}

/** Creates a product and its payment link; the gateway's refusals appear beside the fields they concern. */
export function ProductForm() {
  const [result, action, pending] = useActionState(createProductAction, null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const offsetRef = useRef<HTMLInputElement>(null);
  const errors = result?.status === "invalid" ? result.errors : undefined;
  const summary = summaryOf(result);

  useEffect(() => {
    if (result && result.status !== "ok") summaryRef.current?.focus();
  }, [result]);
  useEffect(() => {
    // The browser's UTC offset, so "Sells until" means the merchant's own wall clock.
    const minutes = -new Date().getTimezoneOffset();
    const sign = minutes >= 0 ? "+" : "-";
    const absolute = Math.abs(minutes);
    if (offsetRef.current) {
      offsetRef.current.value = `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}:${String(absolute % 60).padStart(2, "0")}`;
    }
  }, []);

  const field = (
    name: ProductFormField,
    input: (props: Record<string, unknown>) => React.ReactNode,
    hint?: string,
  ) => (
    <FormField id={inputId(name)} label={LABELS[name]} hint={hint} error={firstError(errors, name)}>
      {(described) => input({ id: inputId(name), name, ...described })}
    </FormField>
  );

  return (
    <form action={action} className="admin-form" aria-labelledby="new-product-title" noValidate>
      {summary.length > 0 ? <ErrorSummary items={summary} summaryRef={summaryRef} /> : null}
      <fieldset className="admin-fieldset" disabled={pending}>
        <div className="admin-form__grid">
          {field("name", (props) => (
            <input {...props} type="text" required maxLength={255} autoComplete="off" />
          ))}
          {field("description", (props) => (
            <input {...props} type="text" required maxLength={255} autoComplete="off" />
          ))}
          {field(
            "amount",
            (props) => (
              <input {...props} type="text" inputMode="decimal" required autoComplete="off" />
            ),
            "In the currency's units, e.g. 12.50.",
          )}
          {field("currency", (props) => (
            <select {...props} defaultValue="EUR">
              {CARD_CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          ))}
          {field(
            "quantity",
            (props) => (
              <input {...props} type="number" min={0} step={1} inputMode="numeric" />
            ),
            "Units for sale. Leave empty for no limit.",
          )}
          {field(
            "expired_at",
            (props) => (
              <input {...props} type="datetime-local" />
            ),
            "Leave empty for a link that never expires.",
          )}
          {field("transaction_type", (props) => (
            <select {...props} defaultValue="payment">
              <option value="payment">Charge at once</option>
              <option value="authorization">Authorize only (capture later)</option>
            </select>
          ))}
          {field("language", (props) => (
            <select {...props} defaultValue="">
              <option value="">The shopper's browser</option>
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          ))}
          {(["success_url", "fail_url", "return_url", "notification_url"] as const).map((name) => (
            <div key={name}>
              {field(name, (props) => (
                <input {...props} type="url" inputMode="url" autoComplete="off" spellCheck={false} />
              ))}
            </div>
          ))}
        </div>
        <fieldset className="admin-fieldset">
          <legend>Customer fields the payment page asks for</legend>
          <div className="admin-checks">
            {CHECKOUT_CUSTOMER_FIELDS.map((name) => (
              <label key={name} className="admin-check">
                <input type="checkbox" name="visible" value={name} /> {VISIBLE_LABELS[name]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="admin-check">
          <input type="checkbox" name="test" /> Test product (payments through the link move no money)
        </label>
        <input type="hidden" name="timezone_offset" ref={offsetRef} />
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {pending ? "Creating…" : "Create product"}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
