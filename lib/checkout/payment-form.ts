import { z } from "zod";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import { createCreditCardSchema } from "@/lib/contracts/credit-card";
import {
  addError,
  type ErrorTree,
  errorTreeFromZod,
  flattenErrorTree,
  renderErrorMessage,
} from "@/lib/contracts/errors";
import { type Now, objectValue, optional, systemNow } from "@/lib/contracts/fields";
import { BLANK, INVALID, SUBSCRIPTION_EMAIL_BLANK } from "@/lib/contracts/messages";
import { billingAddressSchema, createCustomerSchema } from "@/lib/contracts/tokenization";
import { parseExpiry } from "./format";
import type { PaymentFieldName } from "./messages/types";
import {
  BILLING_FIELDS,
  CARD_FIELDS,
  CUSTOMER_RECORD_FIELDS,
  isShown,
  PAYMENT_FIELDS,
  type PaymentFormRules,
  type PaymentFormValues,
  toPaymentRequest,
  usesSavedCard,
} from "./payment-fields";

/**
 * The rules that judge the payment form's values (its fields and request are in `payment-fields.ts`). The browser (through
 * react-hook-form's zodResolver) and the server action run the same `validatePaymentForm`, which hands the
 * would-be request to the contract's own schemas and reads their verdict back onto the form's fields, so a rule
 * lives in `lib/contracts` once and the page can never be laxer or stricter than the gateway's format rules.
 */

/** Problems found in a submission: untranslated contract messages per field, shopper sentences for the rest. */
export interface PaymentFormErrors {
  fields: Partial<Record<PaymentFieldName, string[]>>;
  /** Contract sentences not tied to a field the shopper can see. */
  base: string[];
}

const REQUEST_PATH_TO_FIELD: Readonly<Record<string, PaymentFieldName>> = {
  "credit_card.number": "number",
  "credit_card.exp_month": "expiry",
  "credit_card.exp_year": "expiry",
  "credit_card.verification_value": "verification_value",
  "credit_card.holder": "holder",
  ...Object.fromEntries(CUSTOMER_RECORD_FIELDS.map((field) => [`customer.${field}`, field])),
  ...Object.fromEntries(BILLING_FIELDS.map((field) => [`billing_address.${field}`, field])),
};

/** The form field a request path's error belongs to, or null when the shopper has no field to fix it in. */
export function fieldForRequestPath(
  path: readonly string[],
  values: PaymentFormValues,
  rules: PaymentFormRules,
): PaymentFieldName | null {
  const field = REQUEST_PATH_TO_FIELD[path.join(".")];
  if (field === undefined) return null;
  if ((CARD_FIELDS as readonly string[]).includes(field)) return field;
  return isShown(field as CheckoutCustomerField, values, rules) ? field : null;
}

/** "Ip can't be blank": the gateway's own sentence for an error the shopper has no field for. */
function sentenceFor(path: readonly string[], message: string): string {
  const single: ErrorTree = {};
  addError(single, path, message);
  return renderErrorMessage(single);
}

function addFieldError(errors: PaymentFormErrors, field: PaymentFieldName, message: string): void {
  const list = errors.fields[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors.fields[field] = list;
}

/** Sorts an error tree in the request's shape (the contract's or the gateway's) onto the form. */
export function formErrorsFromRequestErrors(
  tree: ErrorTree,
  values: PaymentFormValues,
  rules: PaymentFormRules,
  into: PaymentFormErrors = { fields: {}, base: [] },
): PaymentFormErrors {
  for (const [path, message] of flattenErrorTree(tree)) {
    const field = fieldForRequestPath(path, values, rules);
    if (field) addFieldError(into, field, message);
    else {
      const sentence = sentenceFor(path, message);
      if (!into.base.includes(sentence)) into.base.push(sentence);
    }
  }
  return into;
}

function pageRequestSchema(now: Now, options: { savedCard: boolean }) {
  return objectValue({
    // A saved card's security code is judged by the page (its brand is known); the contract's card schema wants
    // a number.
    credit_card: options.savedCard ? z.unknown() : createCreditCardSchema(now),
    customer: optional(createCustomerSchema(now)),
    billing_address: optional(billingAddressSchema),
  });
}

/**
 * Judges a submission: the page's own rules first (what must be filled in, the expiry's MM/YY shape), then the
 * contract's rules on the request the values become.
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  rules: PaymentFormRules,
  options: { now?: Now } = {},
): PaymentFormErrors {
  const errors: PaymentFormErrors = { fields: {}, base: [] };
  const blank = (field: PaymentFieldName) => values[field].trim() === "";

  const savedCard = usesSavedCard(values.card_choice, rules) ? rules.savedCard : null;
  if (savedCard) {
    const code = values.verification_value.trim();
    if (code === "") addFieldError(errors, "verification_value", BLANK);
    else if (code.length !== savedCard.securityCodeLength || !/^\d+$/.test(code)) {
      addFieldError(errors, "verification_value", INVALID);
    }
  } else {
    if (blank("expiry")) addFieldError(errors, "expiry", BLANK);
    else if (!parseExpiry(values.expiry)) addFieldError(errors, "expiry", INVALID);
    // The page always asks for the security code: without it a stolen card number is enough to pay.
    if (blank("verification_value")) addFieldError(errors, "verification_value", BLANK);
    if (rules.holderRequired && blank("holder")) addFieldError(errors, "holder", BLANK);
  }
  for (const field of rules.required) {
    if (!isShown(field, values, rules) || !blank(field)) continue;
    addFieldError(
      errors,
      field,
      field === "email" && rules.subscriptionEmail ? SUBSCRIPTION_EMAIL_BLANK : BLANK,
    );
  }

  const request = toPaymentRequest(values, rules);
  const verdict = pageRequestSchema(options.now ?? systemNow, { savedCard: savedCard !== null }).safeParse(
    request,
  );
  if (!verdict.success) {
    // A field the page already faulted (say, an expiry not in MM/YY, which reaches the contract as missing)
    // keeps the page's word for it.
    const faulted = new Set(Object.keys(errors.fields));
    const contract = formErrorsFromRequestErrors(errorTreeFromZod(verdict.error), values, rules);
    for (const [field, messages] of Object.entries(contract.fields) as [PaymentFieldName, string[]][]) {
      if (!faulted.has(field)) for (const message of messages) addFieldError(errors, field, message);
    }
    errors.base.push(...contract.base);
  }
  return errors;
}

export function hasPaymentFormErrors(errors: PaymentFormErrors): boolean {
  return errors.base.length > 0 || Object.keys(errors.fields).length > 0;
}

/** For react-hook-form's zodResolver: the same judgement, reported as issues on the form's field names. */
export function createPaymentFormSchema(rules: PaymentFormRules, options: { now?: Now } = {}) {
  const shape = Object.fromEntries(PAYMENT_FIELDS.map((field) => [field, z.string()])) as Record<
    PaymentFieldName,
    z.ZodString
  >;
  const choices = { card_choice: z.string().optional(), save_card: z.boolean().optional() };
  return z.object({ ...shape, ...choices }).superRefine((values, ctx) => {
    const errors = validatePaymentForm(values, rules, options);
    for (const field of PAYMENT_FIELDS) {
      for (const message of errors.fields[field] ?? [])
        ctx.addIssue({ code: "custom", path: [field], message });
    }
    for (const message of errors.base) ctx.addIssue({ code: "custom", path: ["root"], message });
  });
}
