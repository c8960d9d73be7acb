import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/contracts/format-amount";
import { LANGUAGES, RIGHT_TO_LEFT_LANGUAGES } from "@/lib/contracts/languages";
import { SHOPPER_EMAIL_KINDS } from "@/lib/contracts/shopper-emails";
import { RECEIPT_MESSAGES } from "../receipts/receipt-messages";
import { formatReceiptDate } from "../receipts/render-receipt";
import { SHOPPER_EMAIL_MESSAGES, shopperEmailLocale } from "./email-messages";
import { renderShopperEmail } from "./render-shopper-email";
import type { ShopperEmailPayload } from "./shopper-email-payload";

const PAYLOAD: ShopperEmailPayload = {
  shopName: "Acme <Tools> & Co",
  brandColor: "#ffd400",
  amount: 123456,
  currency: "JPY",
  description: "Pro plan",
  card: { brand: "master", last4: "4242" },
  receiptText: ["VAT included", "Thank you"],
  transactionUid: "0b8f6c8e-3b1a-4d59-9f69-5f0c4c1d2e3f",
  subscriptionId: "sbs_0123456789abcdef",
  test: false,
  cardUpdateUrl: "https://pay.example.com/subscriptions/sbs_0123456789abcdef/card?token=abc",
};

describe("the shopper e-mail catalogue", () => {
  const english = SHOPPER_EMAIL_MESSAGES.en;
  const placeholders = (value: string) => value.match(/\{\w+\}/g) ?? [];

  it.each(LANGUAGES)("%s has every text, with the shop's name where English has it", (language) => {
    const messages = SHOPPER_EMAIL_MESSAGES[language];
    for (const group of ["subjects", "intros"] as const) {
      expect(Object.keys(messages[group]).sort()).toEqual([...SHOPPER_EMAIL_KINDS].sort());
      for (const kind of SHOPPER_EMAIL_KINDS) {
        expect(messages[group][kind].trim(), `${language}.${group}.${kind}`).not.toBe("");
        expect(placeholders(messages[group][kind]), `${language}.${group}.${kind}`).toEqual(
          placeholders(english[group][kind]),
        );
      }
    }
    for (const key of ["amount", "updateCard", "testMark", "footer"] as const) {
      expect(messages[key].trim(), `${language}.${key}`).not.toBe("");
      expect(placeholders(messages[key])).toEqual(placeholders(english[key]));
    }
    // Each kind says something of its own.
    expect(new Set(Object.values(messages.subjects)).size).toBe(SHOPPER_EMAIL_KINDS.length);
  });

  it("is translated, not copied from English", () => {
    for (const language of LANGUAGES.filter((code) => code !== "en")) {
      for (const kind of SHOPPER_EMAIL_KINDS) {
        expect(SHOPPER_EMAIL_MESSAGES[language].intros[kind], `${language}.${kind}`).not.toBe(
          english.intros[kind],
        );
      }
    }
  });
});

describe("rendering", () => {
  it.each(LANGUAGES)(
    "renders every kind in %s: subject, HTML and text, nothing left unfilled",
    async (language) => {
      const { messages } = shopperEmailLocale(language);
      const dir = RIGHT_TO_LEFT_LANGUAGES.includes(language) ? "rtl" : "ltr";
      const amount = formatAmount(PAYLOAD.amount, PAYLOAD.currency, language);
      for (const kind of SHOPPER_EMAIL_KINDS) {
        const email = await renderShopperEmail({ kind, language, payload: PAYLOAD });
        expect(email.subject).toBe(messages.subjects[kind].replace("{shop}", PAYLOAD.shopName));
        expect(email.html).toMatch(new RegExp(`<html[^>]*dir="${dir}"`));
        expect(email.html).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
        for (const part of [email.html, email.text]) {
          expect(part, `${language} ${kind}`).not.toMatch(/\{\w+\}|undefined|\[object Object\]/);
          expect(part).toContain(amount);
          expect(part).toContain("4242");
          expect(part).toContain(PAYLOAD.transactionUid);
          expect(part).toContain("VAT included");
        }
        expect(email.text).toContain(messages.intros[kind].replace("{shop}", PAYLOAD.shopName));
        // The update link is in a failed renewal's message only.
        expect(email.html.includes("/card?token=abc")).toBe(kind === "renewal_failed");
        expect(email.text.includes(messages.updateCard)).toBe(kind === "renewal_failed");
      }
    },
  );

  it.each(LANGUAGES)(
    "%s tells a subscriber never charged that the cancel charged nothing, with no amount shown",
    async (language) => {
      const { messages } = shopperEmailLocale(language);
      const payload = { ...PAYLOAD, neverCharged: true };
      const email = await renderShopperEmail({ kind: "subscription_canceled", language, payload });
      expect(messages.canceledNeverCharged).not.toBe(messages.intros.subscription_canceled);
      if (language !== "en") {
        expect(messages.canceledNeverCharged).not.toBe(SHOPPER_EMAIL_MESSAGES.en.canceledNeverCharged);
      }
      expect(messages.canceledNeverCharged.match(/\{\w+\}/g)).toEqual(["{shop}"]);
      expect(email.text).toContain(messages.canceledNeverCharged.replace("{shop}", PAYLOAD.shopName));
      expect(email.text).not.toContain(
        messages.intros.subscription_canceled.replace("{shop}", PAYLOAD.shopName),
      );
      for (const part of [email.html, email.text]) {
        expect(part).not.toContain(formatAmount(PAYLOAD.amount, PAYLOAD.currency, language));
      }
    },
  );

  it.each(LANGUAGES)(
    "%s: a receipt carries its date, statement descriptor, order reference, the shop's contact and a link to the receipt page",
    async (language) => {
      const { messages } = shopperEmailLocale(language);
      const receipt = RECEIPT_MESSAGES[language];
      const payload: ShopperEmailPayload = {
        ...PAYLOAD,
        date: "2026-03-04T05:06:07.000Z",
        statementDescriptor: "ACME TOOLS",
        orderReference: "order-77",
        contact: { email: "help@acme.example", phone: "+49 30 1234-567", url: "https://acme.example/help/" },
        receiptUrl: "https://pay.example.com/receipts/0b8f6c8e",
      };
      const email = await renderShopperEmail({ kind: "receipt", language, payload });
      expect(messages.viewReceipt.trim()).not.toBe("");
      if (language !== "en") expect(messages.viewReceipt).not.toBe(SHOPPER_EMAIL_MESSAGES.en.viewReceipt);
      for (const part of [email.html, email.text]) {
        expect(part).toContain(formatReceiptDate("2026-03-04T05:06:07.000Z", language));
        for (const text of [
          "ACME TOOLS",
          "order-77",
          "help@acme.example",
          "+49 30 1234-567",
          "acme.example/help",
        ]) {
          expect(part, `${language} ${text}`).toContain(text);
        }
      }
      // Labels as written in the text part (the HTML escapes an apostrophe).
      for (const label of [receipt.date, receipt.statementDescriptor, receipt.order, receipt.contact]) {
        expect(email.text, `${language} ${label}`).toContain(label);
      }
      expect(email.text).toContain(messages.viewReceipt);
      expect(email.html).toContain('href="https://pay.example.com/receipts/0b8f6c8e"');
      expect(email.html).toContain('href="mailto:help@acme.example"');
      expect(email.html).toContain('href="tel:+49301234567"');
    },
  );

  it.each(LANGUAGES)("%s: a refund names its payment and the part of it refunded", async (language) => {
    const { messages } = shopperEmailLocale(language);
    for (const key of ["partialRefund", "fullRefund", "refundedPayment"] as const) {
      expect(messages[key].trim(), `${language}.${key}`).not.toBe("");
      if (language !== "en")
        expect(messages[key], `${language}.${key}`).not.toBe(SHOPPER_EMAIL_MESSAGES.en[key]);
    }
    expect((messages.partialRefund.match(/\{\w+\}/g) ?? []).sort()).toEqual(["{amount}", "{refund}"]);
    const payment = { amount: 1299, uid: "7d3c2a10-0000-4000-8000-000000000001" };
    const part = { ...PAYLOAD, currency: "EUR", amount: 500, refundOf: payment };
    const partial = await renderShopperEmail({ kind: "refund", language, payload: part });
    const refund = formatAmount(500, "EUR", language);
    const whole = formatAmount(1299, "EUR", language);
    expect(partial.text).toContain(
      messages.partialRefund.replace("{refund}", refund).replace("{amount}", whole),
    );
    expect(partial.text).toContain(messages.refundedPayment);
    expect(partial.text).toContain(payment.uid);
    const full = await renderShopperEmail({
      kind: "refund",
      language,
      payload: { ...part, amount: 1299 },
    });
    expect(full.text).toContain(messages.fullRefund.replace("{amount}", whole));
    expect(full.text).not.toContain(messages.partialRefund.split("{")[0] || "\u0000");
  });

  it("escapes the merchant's texts in the HTML and shows the brand colour as it reads on white", async () => {
    const email = await renderShopperEmail({ kind: "receipt", language: "en", payload: PAYLOAD });
    expect(email.html).toContain("Acme &lt;Tools&gt; &amp; Co");
    expect(email.html).not.toContain("<Tools>");
    // #ffd400 on white is unreadable: darkened until it reaches 4.5:1.
    expect(email.html).not.toContain("#ffd400");
    expect(email.html).toMatch(/border-top:6px solid #[0-9a-f]{6}/);
  });

  it("marks a test transaction in the subject and the message", async () => {
    const email = await renderShopperEmail({
      kind: "receipt",
      language: "de",
      payload: { ...PAYLOAD, test: true },
    });
    expect(email.subject).toBe("[TEST] Ihr Beleg von Acme <Tools> & Co");
    expect(email.text).toContain("Testtransaktion");
    const live = await renderShopperEmail({ kind: "receipt", language: "de", payload: PAYLOAD });
    expect(live.text).not.toContain("Testtransaktion");
  });

  it("uses the currency's own decimals: none for yen, three for the dinar", async () => {
    const yen = await renderShopperEmail({ kind: "receipt", language: "en", payload: PAYLOAD });
    expect(yen.text).toContain("¥123,456");
    const dinar = await renderShopperEmail({
      kind: "receipt",
      language: "en",
      payload: { ...PAYLOAD, amount: 1500, currency: "KWD" },
    });
    expect(dinar.text).toContain("1.500");
  });

  it("falls back to English for a language it does not know", async () => {
    const email = await renderShopperEmail({ kind: "refund", language: "xx", payload: PAYLOAD });
    expect(email.subject).toBe("Refund from Acme <Tools> & Co");
    expect(email.html).toContain('lang="en"');
  });
});

describe("a subscription's messages", () => {
  const facts = {
    nothingChargedNow: true,
    freeTrial: false,
    trialEndsAt: null,
    nextCharge: { amount: 999, at: "2027-03-31T10:00:00.000Z", first: false },
    activeUntil: "2027-03-31T10:00:00.000Z",
    resumeAt: null,
    attempt: null,
    cancelUrl: "https://pay.example.com/subscription/cancel/abc",
  };
  const SUBSCRIPTION_KINDS = SHOPPER_EMAIL_KINDS.filter(
    (kind) => !["receipt", "refund", "payout", "renewal_receipt"].includes(kind),
  );

  it.each(SUBSCRIPTION_KINDS)(
    "%s shows no amount as paid when nothing is charged now, in every language",
    async (kind) => {
      for (const language of LANGUAGES) {
        const { text } = await renderShopperEmail({
          kind,
          language,
          payload: { ...PAYLOAD, currency: "EUR", subscription: facts },
        });
        const { messages } = shopperEmailLocale(language);
        expect(text, `${language}.${kind}`).not.toContain(`${messages.amount}\n`);
        expect(text, `${language}.${kind}`).not.toContain(formatAmount(123456, "EUR", language));
        expect(text, `${language}.${kind}`).toContain(facts.cancelUrl);
        expect(text, `${language}.${kind}`).toContain(
          messages.subscriptionFooter.replace("{shop}", PAYLOAD.shopName),
        );
      }
    },
  );

  it("a paid start shows what was paid, and the next charge beside it", async () => {
    const { text } = await renderShopperEmail({
      kind: "subscription_started",
      language: "en",
      payload: {
        ...PAYLOAD,
        currency: "EUR",
        amount: 999,
        subscription: { ...facts, nothingChargedNow: false },
      },
    });
    expect(text).toContain("Amount");
    expect(text).toContain("Next charge");
    expect(text).toContain("€9.99 · March 31, 2027");
  });
});
