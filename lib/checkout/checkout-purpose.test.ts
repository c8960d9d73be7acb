import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SessionOrderSummary } from "@/components/checkout/order-summary";
import { OutcomePanel } from "@/components/checkout/outcome-panel";
import { formatAmount } from "@/lib/contracts/format-amount";
import { LANGUAGES, type Language } from "@/lib/contracts/languages";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { checkoutPurpose, formatDate, submitLabel } from "./checkout-purpose";
import { getCheckoutMessages, interpolate } from "./messages";

/**
 * No page may show an amount as charged that is not charged now: a free trial's page, a card update's and a plain
 * card check's, in every language, as the order summary, the button and the result say them.
 */
const PLAN_AMOUNT = 999;
const FIRST_CHARGE = "2026-12-12T10:00:00.000Z";

function view(overrides: Partial<ShopperCheckoutView>): ShopperCheckoutView {
  return {
    token: "t",
    transaction_type: "tokenization",
    status: "successful",
    finished: true,
    expired: false,
    message: null,
    test: true,
    three_d_secure: false,
    accepted_brands: ["visa", "master"],
    attempts_left: 2,
    language: "en",
    shop: { name: "Harbour Tours", logo_url: null, color: null, contact: null },
    receipt: null,
    order: {
      amount: PLAN_AMOUNT,
      currency: "EUR",
      description: "Pro plan",
      tracking_id: null,
      receipt_text: [],
    },
    customer_fields: { visible: [], required: [], read_only: [] },
    credit_card_fields: {
      holder: null,
      holder_required: false,
      read_only: false,
      verification_value_required: false,
    },
    customer: null,
    saved_card: null,
    save_card_toggle: { display: false },
    another_card_toggle: { display: false },
    keeps_card: true,
    subscription_terms: null,
    card_update: null,
    frame_ancestors: [],
    return_urls: {
      success_url: null,
      decline_url: null,
      fail_url: null,
      cancel_url: null,
      return_url: null,
      auto_return: null,
    },
    last_transaction: {
      uid: "u",
      status: "successful",
      message: null,
      redirect_url: "https://example.test/process/u",
      credit_card: { brand: "visa", last_4: "4242" },
    },
    ...overrides,
  };
}

const terms = (trialAmount: number): ShopperCheckoutView["subscription_terms"] => ({
  amount: PLAN_AMOUNT,
  currency: "EUR",
  interval: 1,
  interval_unit: "month",
  trial: { amount: trialAmount, interval: 14, interval_unit: "day" },
  first_charge_at: FIRST_CHARGE,
});

const FREE_TRIAL = view({ subscription_terms: terms(0) });
const PAID_TRIAL = view({
  transaction_type: "payment",
  order: { ...view({}).order, amount: 100 },
  subscription_terms: terms(100),
});
const CARD_UPDATE = view({
  card_update: { subscription: "Pro plan", replaces: { brand: "mastercard", last_4: "5454" } },
});
const CARD_CHECK = view({ keeps_card: false });

function pages(language: Language, session: ShopperCheckoutView) {
  const messages = getCheckoutMessages(language);
  const localised = { ...session, language };
  return {
    messages,
    summary: renderToStaticMarkup(
      createElement(SessionOrderSummary, { messages, language, view: localised }),
    ),
    result: renderToStaticMarkup(
      createElement(OutcomePanel, { messages, view: localised, outcome: "successful", merchantUrl: null }),
    ),
  };
}

/** Every way a language may write the plan's price (the markup isolates runs, so compare text only). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

describe("what a session's pages say it charges", () => {
  it("tells a payment, a hold and the card checks apart", () => {
    expect(checkoutPurpose(view({ transaction_type: "payment" }))).toBe("payment");
    expect(checkoutPurpose(view({ transaction_type: "authorization" }))).toBe("authorization");
    expect(checkoutPurpose(FREE_TRIAL)).toBe("free_trial");
    expect(checkoutPurpose(PAID_TRIAL)).toBe("payment");
    expect(checkoutPurpose(CARD_UPDATE)).toBe("card_update");
    expect(checkoutPurpose(CARD_CHECK)).toBe("card_check");
  });

  it.each(LANGUAGES)(
    "%s: a free trial shows 0 due today, the first charge's date, and no pay button",
    (language) => {
      const { messages, summary, result } = pages(language, FREE_TRIAL);
      const plan = formatAmount(PLAN_AMOUNT, "EUR", language);
      const zero = formatAmount(0, "EUR", language);
      const date = formatDate(FIRST_CHARGE, language);
      expect(textOf(summary)).toContain(interpolate(messages.page.dueToday, { amount: zero }));
      expect(textOf(summary)).toContain(interpolate(messages.page.firstCharge, { amount: plan, date }));
      // The plan's price appears only as the first charge and in the terms, never as the amount of the order.
      expect(summary).not.toContain('class="order-summary__amount"');
      expect(submitLabel("free_trial", messages, plan).idle).toBe(messages.actions.startTrial);
      expect(messages.actions.startTrial).not.toContain(plan);
      expect(textOf(result)).toContain(messages.status.trialStartedTitle);
      expect(textOf(result)).toContain(interpolate(messages.status.trialStartedBody, { amount: plan, date }));
      expect(textOf(result)).not.toContain(
        interpolate(messages.status.paidBody, { amount: plan, shop: "Harbour Tours" }),
      );
    },
  );

  it.each(LANGUAGES)("%s: a paid trial's button and summary say the trial's amount due today", (language) => {
    const { messages, summary } = pages(language, PAID_TRIAL);
    const due = formatAmount(100, "EUR", language);
    expect(textOf(summary)).toContain(interpolate(messages.page.dueToday, { amount: due }));
    expect(submitLabel(checkoutPurpose(PAID_TRIAL), messages, due).idle).toBe(
      interpolate(messages.actions.payButton, { amount: due }),
    );
  });

  it.each(LANGUAGES)("%s: a card update names the card it replaces and shows no amount", (language) => {
    const { messages, summary, result } = pages(language, CARD_UPDATE);
    const plan = formatAmount(PLAN_AMOUNT, "EUR", language);
    expect(textOf(summary)).not.toContain(plan);
    expect(textOf(summary)).toContain("5454");
    expect(textOf(summary)).toContain("Mastercard");
    expect(submitLabel("card_update", messages, plan).idle).toBe(messages.actions.saveCard);
    expect(textOf(result)).toContain(messages.status.cardUpdatedTitle);
    expect(textOf(result)).toContain(
      interpolate(messages.status.cardUpdatedBody, { subscription: "Pro plan" }),
    );
    expect(textOf(result)).not.toContain(plan);
  });

  it.each(LANGUAGES)("%s: a card check (a tokenization) shows no amount anywhere", (language) => {
    const { messages, summary, result } = pages(language, CARD_CHECK);
    const plan = formatAmount(PLAN_AMOUNT, "EUR", language);
    expect(textOf(summary)).not.toContain(plan);
    expect(textOf(result)).not.toContain(plan);
    expect(textOf(result)).toContain(messages.status.cardSavedTitle);
    expect(submitLabel("card_check", messages, plan).idle).toBe(messages.actions.saveCard);
  });

  it("a payment still shows and charges its amount", () => {
    const payment = view({ transaction_type: "payment" });
    const { messages, summary, result } = pages("en", payment);
    expect(textOf(summary)).toContain("€9.99");
    expect(textOf(result)).toContain("You paid €9.99 to Harbour Tours.");
    expect(submitLabel("payment", messages, "€9.99").idle).toBe("Pay €9.99");
  });
});
