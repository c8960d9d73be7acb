import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { RECEIPT_MESSAGES, receiptLocale } from "./receipt-messages";

describe("the receipt page's message catalogue", () => {
  const english = RECEIPT_MESSAGES.en;

  it.each(LANGUAGES)("%s has every message, with the same placeholders as English", (language) => {
    const messages = RECEIPT_MESSAGES[language];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${language}.${key}`).not.toBe("");
      const placeholders = (value: string) => value.match(/\{\w+\}/g) ?? [];
      expect(placeholders(text), `${language}.${key}`).toEqual(
        placeholders(english[key as keyof typeof english]),
      );
    }
  });

  it("is translated, not copied from English", () => {
    for (const language of LANGUAGES.filter((code) => code !== "en")) {
      for (const [key, text] of Object.entries(RECEIPT_MESSAGES[language])) {
        // Short words may coincide ("Description", "Order"); a sentence never does.
        if (text.split(" ").length < 3) continue;
        expect(text, `${language}.${key}`).not.toBe(english[key as keyof typeof english]);
      }
    }
  });

  it.each(LANGUAGES)("%s names every transaction type differently", (language) => {
    const messages = RECEIPT_MESSAGES[language];
    const titles = [
      messages.paymentTitle,
      messages.authorizationTitle,
      messages.captureTitle,
      messages.voidTitle,
      messages.refundTitle,
      messages.payoutTitle,
    ];
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("keeps the schemes' abbreviation for the retrieval reference number", () => {
    for (const language of LANGUAGES) expect(RECEIPT_MESSAGES[language].reference, language).toContain("RRN");
  });

  it("writes Arabic, Hebrew and Persian right to left and falls back to English", () => {
    expect(receiptLocale("ar").dir).toBe("rtl");
    expect(receiptLocale("he").dir).toBe("rtl");
    expect(receiptLocale("fa").dir).toBe("rtl");
    expect(receiptLocale("de")).toMatchObject({ language: "de", dir: "ltr" });
    expect(receiptLocale("xx")).toMatchObject({ language: "en", dir: "ltr" });
    expect(receiptLocale(null).messages).toBe(english);
  });
});
