import { describe, expect, it } from "vitest";
import { CHECKOUT_CUSTOMER_FIELDS } from "@/lib/contracts/checkout";
import { SUBSCRIPTION_EMAIL_BLANK } from "@/lib/contracts/messages";
import {
  CUSTOMER_FIELDS,
  emptyPaymentForm,
  initialPaymentForm,
  type PaymentFormRules,
  type PaymentFormValues,
  paymentFormRules,
  readPaymentForm,
  toPaymentRequest,
  withReadOnlyValues,
} from "./payment-fields";
import { createPaymentFormSchema, formErrorsFromRequestErrors, validatePaymentForm } from "./payment-form";

const now = () => new Date("2030-03-15T12:00:00Z");
const NO_CUSTOMER: PaymentFormRules = { visible: [], required: [], holderRequired: false };
const ADDRESS: PaymentFormRules = {
  visible: ["email", "first_name", "country", "state", "zip", "birth_date"],
  required: ["email", "country"],
  holderRequired: false,
};

function form(values: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    ...emptyPaymentForm(),
    number: "4200 0000 0000 0000",
    expiry: "12/31",
    verification_value: "123",
    ...values,
  };
}

describe("validatePaymentForm", () => {
  it("accepts a complete card", () => {
    expect(validatePaymentForm(form(), NO_CUSTOMER, { now })).toEqual({ fields: {}, base: [] });
  });

  it("asks for every card field that is missing, once each", () => {
    const errors = validatePaymentForm(emptyPaymentForm(), NO_CUSTOMER, { now });
    expect(errors.fields).toEqual({
      number: ["can't be blank"],
      expiry: ["can't be blank"],
      verification_value: ["can't be blank"],
    });
  });

  it("judges the card with the contract's rules: Luhn, MM/YY, expiry at the given time, code length by brand", () => {
    expect(validatePaymentForm(form({ number: "4200 0000 0000 0001" }), NO_CUSTOMER, { now }).fields).toEqual(
      {
        number: ["is invalid"],
      },
    );
    expect(validatePaymentForm(form({ expiry: "1231" }), NO_CUSTOMER, { now }).fields).toEqual({
      expiry: ["is invalid"],
    });
    expect(validatePaymentForm(form({ expiry: "13/31" }), NO_CUSTOMER, { now }).fields).toEqual({
      expiry: ["is invalid"],
    });
    expect(validatePaymentForm(form({ expiry: "02/30" }), NO_CUSTOMER, { now }).fields).toEqual({
      expiry: ["Date is expired"],
    });
    // The expiry month itself is still valid.
    expect(validatePaymentForm(form({ expiry: "03/30" }), NO_CUSTOMER, { now }).fields).toEqual({});
    expect(
      validatePaymentForm(form({ number: "3782 822463 10005", verification_value: "123" }), NO_CUSTOMER, {
        now,
      }).fields,
    ).toEqual({ verification_value: ["is invalid"] });
    expect(
      validatePaymentForm(form({ number: "3782 822463 10005", verification_value: "1234" }), NO_CUSTOMER, {
        now,
      }).fields,
    ).toEqual({});
  });

  it("asks for the holder only when the shop requires it, and limits it to 35 characters", () => {
    expect(validatePaymentForm(form(), { ...NO_CUSTOMER, holderRequired: true }, { now }).fields).toEqual({
      holder: ["can't be blank"],
    });
    expect(validatePaymentForm(form({ holder: "A".repeat(36) }), NO_CUSTOMER, { now }).fields).toEqual({
      holder: ["is too long (maximum is 35 characters)"],
    });
  });

  it("asks a subscription page's e-mail with its own message, a shop's required e-mail with the plain one", () => {
    const page: PaymentFormRules = { visible: ["email"], required: ["email"], holderRequired: false };
    expect(validatePaymentForm(form(), { ...page, subscriptionEmail: true }, { now }).fields).toEqual({
      email: [SUBSCRIPTION_EMAIL_BLANK],
    });
    expect(validatePaymentForm(form(), page, { now }).fields).toEqual({ email: ["can't be blank"] });
    expect(
      validatePaymentForm(form({ email: "ada@example.com" }), { ...page, subscriptionEmail: true }, { now })
        .fields,
    ).toEqual({});
  });

  it("takes the subscription's e-mail rule from the page's view", () => {
    const view = {
      customer_fields: { visible: ["email"], required: ["email"], read_only: [] },
      credit_card_fields: {
        holder: null,
        holder_required: false,
        read_only: false,
        verification_value_required: false,
      },
      saved_card: null,
      another_card_toggle: { display: false },
      transaction_type: "payment",
      save_card_toggle: { display: false },
    } as unknown as Parameters<typeof paymentFormRules>[0];
    const terms = {
      amount: 999,
      currency: "EUR",
      interval: 1,
      interval_unit: "month",
      trial: null,
      first_charge_at: null,
    } as const;
    expect(paymentFormRules({ ...view, subscription_terms: terms }).subscriptionEmail).toBe(true);
    expect(paymentFormRules({ ...view, subscription_terms: null }).subscriptionEmail).toBe(false);
  });

  it("requires the shop's required visible fields and checks the address rules", () => {
    expect(validatePaymentForm(form(), ADDRESS, { now }).fields).toEqual({
      email: ["can't be blank"],
      country: ["can't be blank"],
    });
    const us = form({ email: "jane@example.com", country: "US", state: "ZZ", zip: "1234" });
    expect(validatePaymentForm(us, ADDRESS, { now }).fields).toEqual({
      state: ["is invalid"],
      zip: ["is invalid"],
    });
    const fixed = form({ email: "jane@example.com", country: "US", state: "NY", zip: "10001-1234" });
    expect(validatePaymentForm(fixed, ADDRESS, { now }).fields).toEqual({});
    expect(
      validatePaymentForm(form({ email: "jane@", country: "DE", birth_date: "2031-01-01" }), ADDRESS, { now })
        .fields,
    ).toEqual({ email: ["is invalid"], birth_date: ["can't be in the future"] });
  });

  it("ignores a state outside the US and Canada and fields the page does not show", () => {
    const values = form({ email: "jane@example.com", country: "DE", state: "NY", phone: "not shown" });
    expect(validatePaymentForm(values, ADDRESS, { now })).toEqual({ fields: {}, base: [] });
    expect(toPaymentRequest(values, ADDRESS).billing_address).toEqual({ country: "DE" });
  });
});

describe("toPaymentRequest", () => {
  it("builds the card, customer and billing parts of the tokenization request", () => {
    const values = form({
      number: "4200-0000 0000 0000",
      expiry: "07/31",
      holder: "  Jane Roe ",
      email: "jane@example.com",
      first_name: "Jane",
      country: "CA",
      state: "QC",
      zip: "H2X 1Y4",
      birth_date: "1990-02-03",
    });
    expect(toPaymentRequest(values, ADDRESS)).toEqual({
      credit_card: {
        number: "4200000000000000",
        exp_month: "07",
        exp_year: "2031",
        verification_value: "123",
        holder: "Jane Roe",
      },
      customer: { email: "jane@example.com", birth_date: "1990-02-03" },
      billing_address: { first_name: "Jane", country: "CA", state: "QC", zip: "H2X 1Y4" },
    });
  });

  it("leaves out blank fields and empty groups", () => {
    expect(toPaymentRequest(form({ expiry: "" }), ADDRESS)).toEqual({
      credit_card: { number: "4200000000000000", verification_value: "123" },
    });
  });
});

describe("formErrorsFromRequestErrors", () => {
  it("puts the gateway's errors on the fields the shopper can fix, and the rest in base as sentences", () => {
    const values = form({ country: "US" });
    const errors = formErrorsFromRequestErrors(
      {
        credit_card: { exp_year: ["Date is expired"], number: ["is invalid"] },
        billing_address: { zip: ["is invalid"], phone: ["is too long (maximum is 100 characters)"] },
        customer: { ip: ["can't be blank"] },
        base: ["Duplicate transaction"],
      },
      values,
      { visible: ["country", "zip"], required: [], holderRequired: false },
    );
    expect(errors).toEqual({
      fields: { expiry: ["Date is expired"], number: ["is invalid"], zip: ["is invalid"] },
      base: ["Phone is too long (maximum is 100 characters)", "Ip can't be blank", "Duplicate transaction"],
    });
  });
});

describe("field lists", () => {
  it("repeats the contract's customer fields exactly, in its order", () => {
    expect(CUSTOMER_FIELDS).toEqual(CHECKOUT_CUSTOMER_FIELDS);
  });
});

describe("session values", () => {
  const view = {
    customer: { email: "fixed@example.com", country: "CA" as const, ip: "10.0.0.1" },
    customer_fields: {
      visible: ["email" as const, "country" as const],
      required: [],
      read_only: ["email" as const],
    },
    credit_card_fields: {
      holder: "JANE ROE",
      holder_required: false,
      read_only: true,
      verification_value_required: false,
    },
  };

  it("prefills the form from the session", () => {
    expect(initialPaymentForm(view)).toMatchObject({
      email: "fixed@example.com",
      country: "CA",
      holder: "JANE ROE",
      number: "",
    });
  });

  it("keeps read-only values whatever the browser sent", () => {
    const sent = form({ email: "attacker@example.com", country: "US", holder: "SOMEONE ELSE" });
    expect(withReadOnlyValues(sent, view)).toMatchObject({
      email: "fixed@example.com",
      country: "US",
      holder: "JANE ROE",
    });
  });

  it("reads a submission, missing fields as empty", () => {
    const data = new FormData();
    data.set("number", "4200");
    data.set("unknown", "x");
    expect(readPaymentForm(data)).toEqual({ ...emptyPaymentForm(), number: "4200" });
  });
});

describe("createPaymentFormSchema", () => {
  it("reports the same verdict as issues on the form's field names (for zodResolver)", () => {
    const result = createPaymentFormSchema(ADDRESS, { now }).safeParse(form({ zip: "1", country: "US" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["email", "can't be blank"],
      ["zip", "is invalid"],
    ]);
    expect(createPaymentFormSchema(NO_CUSTOMER, { now }).safeParse(form()).success).toBe(true);
  });
});

describe("a session's saved card", () => {
  const SAVED: PaymentFormRules = {
    ...NO_CUSTOMER,
    savedCard: { brand: "amex", last4: "0005", securityCodeLength: 4 },
    anotherCardOffered: false,
  };
  const OFFERED: PaymentFormRules = { ...SAVED, anotherCardOffered: true };
  const savedOnly = (values: Partial<PaymentFormValues>) => ({ ...emptyPaymentForm(), ...values });

  it("is paid with its security code alone, of the saved brand's length", () => {
    expect(validatePaymentForm(savedOnly({ verification_value: "1234" }), SAVED, { now })).toEqual({
      fields: {},
      base: [],
    });
    expect(validatePaymentForm(savedOnly({}), SAVED, { now }).fields).toEqual({
      verification_value: ["can't be blank"],
    });
    expect(validatePaymentForm(savedOnly({ verification_value: "123" }), SAVED, { now }).fields).toEqual({
      verification_value: ["is invalid"],
    });
    // Only the code goes out: the session names the card.
    expect(toPaymentRequest(form({ verification_value: "1234", holder: "X" }), SAVED)).toEqual({
      credit_card: { verification_value: "1234" },
    });
  });

  it("gives way to another card only where the merchant offered one", () => {
    const another = form({ card_choice: "new" });
    expect(validatePaymentForm(another, OFFERED, { now })).toEqual({ fields: {}, base: [] });
    expect(toPaymentRequest(another, OFFERED).credit_card).toMatchObject({ number: "4200000000000000" });
    expect(
      validatePaymentForm({ ...emptyPaymentForm(), card_choice: "new" }, OFFERED, { now }).fields,
    ).toEqual({
      number: ["can't be blank"],
      expiry: ["can't be blank"],
      verification_value: ["can't be blank"],
    });
    // Not offered: a typed card is not what gets paid with.
    expect(toPaymentRequest(another, SAVED).credit_card).toEqual({ verification_value: "123" });
  });

  it("comes from the shopper view: brand, last 4 and the code length, chosen by default", () => {
    const view = {
      customer_fields: { visible: [], required: [], read_only: [] },
      credit_card_fields: {
        holder: null,
        holder_required: false,
        read_only: false,
        verification_value_required: false,
      },
      saved_card: { brand: "amex", last_4: "0005" },
      another_card_toggle: { display: true },
      transaction_type: "payment" as const,
      save_card_toggle: { display: true },
      customer: null,
    };
    expect(paymentFormRules(view)).toMatchObject({
      savedCard: { brand: "amex", last4: "0005", securityCodeLength: 4 },
      anotherCardOffered: true,
      // The card is stored already: nothing to choose.
      saveCardOffered: false,
    });
    expect(initialPaymentForm(view).card_choice).toBe("saved");
    expect(paymentFormRules({ ...view, saved_card: null }).savedCard).toBeNull();
  });
});

describe("the save-card choice", () => {
  const view = {
    customer_fields: { visible: [], required: [], read_only: [] },
    credit_card_fields: {
      holder: null,
      holder_required: false,
      read_only: false,
      verification_value_required: false,
    },
    saved_card: null,
    another_card_toggle: { display: false },
    transaction_type: "payment" as "payment" | "authorization" | "tokenization",
    save_card_toggle: { display: true },
    customer: null,
  };
  const OFFERED: PaymentFormRules = { ...NO_CUSTOMER, saveCardOffered: true };

  it("is offered on a charge of a card typed in, where the merchant asked for it", () => {
    expect(paymentFormRules(view).saveCardOffered).toBe(true);
    expect(paymentFormRules({ ...view, transaction_type: "authorization" }).saveCardOffered).toBe(true);
    expect(paymentFormRules({ ...view, transaction_type: "tokenization" }).saveCardOffered).toBe(false);
    expect(paymentFormRules({ ...view, save_card_toggle: { display: false } }).saveCardOffered).toBe(false);
  });

  it("goes to the gateway as the shopper left it where offered, unticked unless ticked, and nowhere else", () => {
    expect(toPaymentRequest(form(), OFFERED).save_card).toBe(false);
    expect(toPaymentRequest(form({ save_card: true }), OFFERED).save_card).toBe(true);
    expect(toPaymentRequest(form({ save_card: true }), NO_CUSTOMER)).not.toHaveProperty("save_card");
  });

  it("is read from a post without JavaScript (a ticked checkbox posts 'on') and kept by the browser's schema", () => {
    const data = new FormData();
    data.set("save_card", "on");
    expect(readPaymentForm(data).save_card).toBe(true);
    expect(readPaymentForm(new FormData()).save_card).toBeUndefined();
    const parsed = createPaymentFormSchema(OFFERED, { now }).safeParse(form({ save_card: true }));
    expect(parsed.data?.save_card).toBe(true);
  });
});
