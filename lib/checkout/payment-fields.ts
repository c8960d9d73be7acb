import { type CardBrand, securityCodeLength } from "@/lib/cards/brand";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { parseExpiry, stripCardSeparators } from "./format";
import type { PaymentFieldName } from "./messages/types";

/**
 * The payment form's fields and values, and the request they become: the part of the form the browser needs
 * before any validation runs. It imports no schema library, so the page's first load stays small; the rules that
 * judge the values live in `payment-form.ts`, loaded when the shopper starts filling the form in.
 */

export const CARD_FIELDS = ["number", "expiry", "verification_value", "holder"] as const;

/**
 * The customer fields of the contract (`CHECKOUT_CUSTOMER_FIELDS`), repeated here so the browser need not load the
 * contract module for a list of names; a unit test keeps the two equal.
 */
export const CUSTOMER_FIELDS = [
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
] as const satisfies readonly CheckoutCustomerField[];

/** Every field in page order (the error summary lists problems in this order). */
export const PAYMENT_FIELDS: readonly PaymentFieldName[] = [...CARD_FIELDS, ...CUSTOMER_FIELDS];

export type PaymentFormValues = Record<PaymentFieldName, string> & {
  /** With a saved card: "saved" (or empty) pays with it, "new" with the card typed in (where offered). */
  card_choice?: string;
  /** The shopper ticked "Save this card" (where offered). */
  save_card?: boolean;
};

/** A oneclick session's stored card, as the page may show it. */
export interface SavedCardRule {
  brand: string;
  last4: string;
  securityCodeLength: number;
}

export interface PaymentFormRules {
  /** The session's saved card, paid with by its security code alone. */
  savedCard?: SavedCardRule | null;
  /** Whether the shopper may type in another card instead of the saved one. */
  anotherCardOffered?: boolean;
  /** Whether the shopper chooses to keep the card typed in (see `saveCardOffered`). */
  saveCardOffered?: boolean;
  /** Customer and billing fields on the page. */
  visible: readonly CheckoutCustomerField[];
  /** Of those, the ones the shop requires (and the e-mail on a plan link's subscription page). */
  required: readonly CheckoutCustomerField[];
  /** A subscription's page that requires the e-mail: a blank one is explained as the subscription's need. */
  subscriptionEmail?: boolean;
  holderRequired: boolean;
}

/**
 * A charge offers the shopper to keep the card where the merchant asked for the choice, on a card typed in: a
 * tokenization stores the card whatever the page says, and a oneclick session pays with one already stored.
 */
export function saveCardOffered(
  view: Pick<ShopperCheckoutView, "transaction_type" | "save_card_toggle" | "saved_card">,
): boolean {
  const charges = view.transaction_type === "payment" || view.transaction_type === "authorization";
  return charges && view.save_card_toggle.display && !view.saved_card;
}

export function paymentFormRules(
  view: Pick<
    ShopperCheckoutView,
    | "customer_fields"
    | "credit_card_fields"
    | "saved_card"
    | "another_card_toggle"
    | "transaction_type"
    | "save_card_toggle"
  > &
    Partial<Pick<ShopperCheckoutView, "subscription_terms">>,
): PaymentFormRules {
  const saved = view.saved_card;
  return {
    visible: view.customer_fields.visible,
    required: view.customer_fields.required,
    subscriptionEmail: Boolean(view.subscription_terms) && view.customer_fields.required.includes("email"),
    holderRequired: view.credit_card_fields.holder_required,
    savedCard: saved
      ? {
          brand: saved.brand,
          last4: saved.last_4,
          securityCodeLength: securityCodeLength(saved.brand as CardBrand),
        }
      : null,
    anotherCardOffered: saved ? view.another_card_toggle.display : true,
    saveCardOffered: saveCardOffered(view),
  };
}

/** Whether the submission pays with the session's saved card (its default, unless another card was chosen). */
export function usesSavedCard(cardChoice: string | undefined, rules: PaymentFormRules): boolean {
  return Boolean(rules.savedCard) && !(rules.anotherCardOffered && cardChoice === "new");
}

export function emptyPaymentForm(): PaymentFormValues {
  return Object.fromEntries(PAYMENT_FIELDS.map((field) => [field, ""])) as Record<PaymentFieldName, string>;
}

/** The form as the page opens it: customer fields and holder prefilled from the session. */
export function initialPaymentForm(
  view: Pick<ShopperCheckoutView, "customer" | "credit_card_fields"> &
    Partial<Pick<ShopperCheckoutView, "saved_card">>,
): PaymentFormValues {
  const values = emptyPaymentForm();
  for (const field of CUSTOMER_FIELDS) {
    const value = view.customer?.[field];
    if (typeof value === "string") values[field] = value;
  }
  values.holder = view.credit_card_fields.holder ?? "";
  if (view.saved_card) values.card_choice = "saved";
  return values;
}

/**
 * Read-only fields keep the session's values whatever the browser sent: the page shows them disabled, and a
 * hand-made request must not change them either.
 */
export function withReadOnlyValues(
  values: PaymentFormValues,
  view: Pick<ShopperCheckoutView, "customer" | "customer_fields" | "credit_card_fields">,
): PaymentFormValues {
  const fixed = { ...values };
  const session = initialPaymentForm(view);
  for (const field of view.customer_fields.read_only) fixed[field] = session[field];
  if (view.credit_card_fields.read_only) fixed.holder = session.holder;
  return fixed;
}

/** A state or province is asked for only where the gateway accepts one. */
export function stateApplies(country: string): boolean {
  return country === "US" || country === "CA";
}

/** Reads the form's fields out of a submission; anything missing is an empty string. */
export function readPaymentForm(data: FormData): PaymentFormValues {
  const values = emptyPaymentForm();
  for (const field of PAYMENT_FIELDS) {
    const value = data.get(field);
    if (typeof value === "string") values[field] = value;
  }
  const cardChoice = data.get("card_choice");
  if (typeof cardChoice === "string") values.card_choice = cardChoice;
  // A ticked checkbox posts "on"; an unticked one posts nothing.
  if (data.get("save_card") === "on") values.save_card = true;
  return values;
}

export const BILLING_FIELDS = [
  "first_name",
  "last_name",
  "address",
  "city",
  "country",
  "state",
  "zip",
  "phone",
] as const satisfies readonly CheckoutCustomerField[];
export const CUSTOMER_RECORD_FIELDS = [
  "email",
  "birth_date",
] as const satisfies readonly CheckoutCustomerField[];

export interface PaymentRequestFields {
  credit_card: {
    number?: string;
    exp_month?: string;
    exp_year?: string;
    verification_value?: string;
    holder?: string;
  };
  customer?: { email?: string; birth_date?: string };
  billing_address?: Partial<Record<(typeof BILLING_FIELDS)[number], string>>;
  /** Sent where the choice is offered: whether the shopper consented to keep the card. */
  save_card?: boolean;
}

export function isShown(
  field: CheckoutCustomerField,
  values: PaymentFormValues,
  rules: PaymentFormRules,
): boolean {
  if (!rules.visible.includes(field)) return false;
  return field !== "state" || stateApplies(values.country.trim());
}

/** The card, customer and billing part of the tokenization request; blank fields are left out. */
export function toPaymentRequest(values: PaymentFormValues, rules: PaymentFormRules): PaymentRequestFields {
  const pick = <F extends CheckoutCustomerField>(fields: readonly F[]) => {
    const picked: Partial<Record<F, string>> = {};
    for (const field of fields) {
      const value = values[field].trim();
      if (value !== "" && isShown(field, values, rules)) picked[field] = value;
    }
    return Object.keys(picked).length > 0 ? picked : undefined;
  };
  const card: PaymentRequestFields["credit_card"] = {};
  // The saved card is named by the session itself: the page sends its security code only.
  if (!usesSavedCard(values.card_choice, rules)) {
    const number = stripCardSeparators(values.number);
    const expiry = parseExpiry(values.expiry);
    if (number !== "") card.number = number;
    if (expiry) Object.assign(card, expiry);
    if (values.holder.trim() !== "") card.holder = values.holder.trim();
  }
  if (values.verification_value.trim() !== "") card.verification_value = values.verification_value.trim();

  const request: PaymentRequestFields = { credit_card: card };
  const customer = pick(CUSTOMER_RECORD_FIELDS);
  const billing = pick(BILLING_FIELDS);
  if (customer) request.customer = customer;
  if (billing) request.billing_address = billing;
  if (rules.saveCardOffered) request.save_card = values.save_card === true;
  return request;
}
