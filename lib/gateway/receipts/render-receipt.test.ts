import { describe, expect, it } from "vitest";
import { contrastRatio, MINIMUM_TEXT_CONTRAST } from "@/lib/contracts/contrast";
import { LANGUAGES } from "@/lib/contracts/languages";
import type { Transaction } from "@/lib/contracts/transaction";
import type { Receipt } from "./get-receipt";
import { RECEIPT_MESSAGES } from "./receipt-messages";
import { formatReceiptDate, RECEIPT_PALETTE, renderReceipt, renderReceiptNotFound } from "./render-receipt";

/** The fields of a stored transaction the receipt reads. */
function receipt(
  overrides: Record<string, unknown> = {},
  shopName = "Harbour Tours",
  shop: Partial<Omit<Receipt["shop"], "name">> = {},
): Receipt {
  const transaction = {
    uid: "5f0c6f0e-0d7e-4b52-9a57-4b4a3c1f2e10",
    type: "payment",
    status: "successful",
    amount: 123_45,
    currency: "EUR",
    description: "Two tickets",
    tracking_id: "order-7",
    language: "en",
    test: true,
    paid_at: "2026-03-04T05:06:07Z",
    updated_at: "2026-03-04T05:06:08Z",
    credit_card: { brand: "visa", last_4: "4242" },
    payment: { auth_code: "654321", rrn: "123456789012", billing_descriptor: "HARBOUR TOURS" },
    ...overrides,
  };
  return {
    shop: { name: shopName, color: null, contact: { email: null, phone: null, url: null }, ...shop },
    transaction: transaction as unknown as Transaction,
  };
}

const attribute = (html: string, name: string) => new RegExp(`<html[^>]* ${name}="([^"]*)"`).exec(html)?.[1];

describe("the receipt page", () => {
  it("speaks the transaction's language, with its title and labels", () => {
    const html = renderReceipt(receipt({ language: "de" }), "n0nce");
    const de = RECEIPT_MESSAGES.de;
    expect(attribute(html, "lang")).toBe("de");
    expect(attribute(html, "dir")).toBe("ltr");
    for (const text of [de.paymentTitle, de.merchant, de.authorizationCode, de.reference, de.testNotice]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("123,45\u00a0€");
    expect(html).toContain(
      `<time datetime="2026-03-04T05:06:07Z">${formatReceiptDate("2026-03-04T05:06:07Z", "de")}</time>`,
    );
    expect(html).not.toContain(RECEIPT_MESSAGES.en.paymentTitle);
  });

  it("titles each money type, a payout included", () => {
    const titles = {
      authorization: "authorizationTitle",
      capture: "captureTitle",
      void: "voidTitle",
      refund: "refundTitle",
      credit: "payoutTitle",
    } as const;
    for (const [type, key] of Object.entries(titles)) {
      const html = renderReceipt(
        receipt({ type, language: "fr", payment: undefined, [type]: { auth_code: "111111" } }),
        "n",
      );
      expect(html).toContain(`<h1>${RECEIPT_MESSAGES.fr[key].replaceAll("'", "&#39;")}</h1>`);
      expect(html).toContain('<bdi dir="ltr">111111</bdi>');
    }
  });

  it("is right to left in Arabic, with amounts, card digits and references left to right", () => {
    const html = renderReceipt(receipt({ language: "ar" }), "n");
    expect(attribute(html, "lang")).toBe("ar");
    expect(attribute(html, "dir")).toBe("rtl");
    expect(html).toContain(`<bdi dir="ltr"><span aria-hidden="true">••••</span> 4242</bdi>`);
    expect(html).toMatch(/<p class="amount"><bdi dir="ltr">[^<]*€[^<]*<\/bdi><\/p>/);
    for (const value of ["654321", "123456789012", "5f0c6f0e-0d7e-4b52-9a57-4b4a3c1f2e10"]) {
      expect(html).toContain(`<bdi dir="ltr">${value}</bdi>`);
    }
    // The merchant's own texts go by their first letter.
    expect(html).toContain("<bdi>Harbour Tours</bdi>");
  });

  it("falls back to English for a language it does not know", () => {
    const html = renderReceipt(receipt({ language: "xx" }), "n");
    expect(attribute(html, "lang")).toBe("en");
    expect(html).toContain("<h1>Payment receipt</h1>");
  });

  it("escapes whatever the merchant wrote", () => {
    const html = renderReceipt(
      receipt({ description: `<script>alert("x")</script>`, tracking_id: "a&b" }, "Shop <b>"),
      "n",
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("<bdi>a&amp;b</bdi>");
    expect(html).toContain("<title>Payment receipt · Shop &lt;b&gt;</title>");
  });

  it("leaves out what a transaction does not have, and the test notice of a live one", () => {
    const html = renderReceipt(
      receipt(
        { test: false, tracking_id: null, description: "", payment: { auth_code: null, rrn: null } },
        "",
      ),
      "n",
    );
    const en = RECEIPT_MESSAGES.en;
    for (const text of [
      en.testNotice,
      en.order,
      en.description,
      en.authorizationCode,
      en.reference,
      en.merchant,
    ]) {
      expect(html).not.toContain(`>${text}<`);
    }
    expect(html).toContain(`<dt>${en.transaction}</dt>`);
    expect(html).toContain("<title>Payment receipt</title>");
  });

  it("carries the response's nonce on its one style block", () => {
    const html = renderReceipt(receipt(), "abc+/=");
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain('<style nonce="abc+/=">');
    expect(html).toContain("@media (prefers-color-scheme:dark)");
    expect(html).not.toMatch(/\b(left|right)\s*:|margin-(left|right)|padding-(left|right)|text-align/);
  });
});

describe("the receipt on the gateway pages' shell", () => {
  it("names the shop at its head, in the shop's colour, with its contact and a way back to its site", () => {
    const html = renderReceipt(
      receipt({}, "Harbour Tours", {
        color: "#0d7a5f",
        contact: {
          email: "help@harbour.example",
          phone: "+49 30 1234-567",
          url: "https://harbour.example/help/",
        },
      }),
      "n",
    );
    expect(html).toContain('<p class="shop"><bdi>Harbour Tours</bdi></p>');
    expect(html).toContain("--accent:#0d7a5f");
    expect(html).toContain(`<dt>${RECEIPT_MESSAGES.en.contact}</dt>`);
    expect(html).toContain(
      '<a href="mailto:help@harbour.example"><bdi dir="ltr">help@harbour.example</bdi></a>',
    );
    expect(html).toContain('<a href="tel:+49301234567"><bdi dir="ltr">+49 30 1234-567</bdi></a>');
    expect(html).toContain('<bdi dir="ltr">harbour.example/help</bdi>');
    expect(html).toContain(
      '<p class="back"><a href="https://harbour.example/help/">Back to Harbour Tours</a></p>',
    );
  });

  it("keeps a margin from the screen's edges and takes no contact or way back the shop did not give", () => {
    const html = renderReceipt(receipt(), "n");
    expect(html).toMatch(/body\{[^}]*padding-inline:1rem/);
    expect(html).not.toContain(`<dt>${RECEIPT_MESSAGES.en.contact}</dt>`);
    expect(html).not.toContain('class="back"');
  });

  it("moves a colour too light for text on the card just far enough, in each theme", () => {
    const html = renderReceipt(receipt({}, "Harbour Tours", { color: "#ffe000" }), "n");
    const [light, dark] = [...html.matchAll(/--accent:(#[0-9a-f]{6})/g)].map((match) => match[1]);
    expect(contrastRatio(light, RECEIPT_PALETTE.light.card)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
    expect(contrastRatio(light, RECEIPT_PALETTE.light.onAccent)).toBeGreaterThanOrEqual(
      MINIMUM_TEXT_CONTRAST,
    );
    expect(contrastRatio(dark, RECEIPT_PALETTE.dark.card)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
    expect(light).not.toBe("#ffe000");
  });
});

describe("the receipt's date", () => {
  it.each(LANGUAGES)("%s: says the time zone, UTC", (language) => {
    expect(formatReceiptDate("2026-03-04T05:06:07Z", language)).toContain("UTC");
  });

  it("is the instant in UTC, whatever the server's zone", () => {
    expect(formatReceiptDate("2026-03-04T23:30:00Z", "en")).toBe("March 4, 2026 at 11:30:00 PM UTC");
  });
});

describe("the receipt's palette", () => {
  it.each(["light", "dark"] as const)("%s: text reaches 4.5:1 on every surface it is drawn on", (theme) => {
    const palette = RECEIPT_PALETTE[theme];
    for (const text of [palette.fg, palette.muted]) {
      expect(contrastRatio(text, palette.card)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
    }
    expect(contrastRatio(palette.fg, palette.noteBg)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
  });
});

describe("the receipt's not-found page", () => {
  it("speaks the browser's language", () => {
    const html = renderReceiptNotFound("n", "he-IL,he;q=0.9,en;q=0.5");
    expect(attribute(html, "lang")).toBe("he");
    expect(attribute(html, "dir")).toBe("rtl");
    expect(html).toContain(RECEIPT_MESSAGES.he.notFoundHeading);
    expect(attribute(renderReceiptNotFound("n", null), "lang")).toBe("en");
  });
});
