import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/contracts/format-amount";
import { ltrRuns } from "@/lib/contracts/ltr-runs";
import { getCheckoutMessages, interpolate } from "./messages";

const runs = (text: string) =>
  ltrRuns(text)
    .filter((part) => part.ltr)
    .map((part) => part.text);

describe("ltrRuns", () => {
  it.each(["ar", "he", "fa"] as const)(
    "%s: the test card's number and 3-D Secure are whole runs",
    (language) => {
      const messages = getCheckoutMessages(language);
      const text = interpolate(messages.testMode.fillButton, {
        number: "4012 0000 0000 1097",
        outcome: messages.testMode.outcomes.challenge,
      });
      const found = runs(text);
      expect(found).toContain("4012 0000 0000 1097");
      if (messages.testMode.outcomes.challenge.includes("3-D Secure")) expect(found).toContain("3-D Secure");
      // Nothing is lost or reordered.
      expect(
        ltrRuns(text)
          .map((part) => part.text)
          .join(""),
      ).toBe(text);
    },
  );

  it.each(["ar", "he", "fa"] as const)(
    "%s: a Latin shop name and the product's name are runs",
    (language) => {
      const messages = getCheckoutMessages(language);
      expect(runs(interpolate(messages.storedCredential.notice, { shop: "Harbour Tours" }))).toEqual([
        "Harbour Tours",
      ]);
      expect(runs(messages.trust.securedBy)).toEqual(["Tessera"]);
      expect(runs(interpolate(messages.securityCode.front, { digits: 4 }))).toEqual(["4"]);
    },
  );

  it.each(["ar", "he", "fa"] as const)(
    "%s: the pay button's amount is one run, its currency sign on its side",
    (language) => {
      const messages = getCheckoutMessages(language);
      for (const currency of ["USD", "EUR", "JPY"]) {
        const amount = formatAmount(2516851, currency, language).replace(/[\u200e\u200f]/g, "");
        const found = runs(interpolate(messages.actions.payButton, { amount }));
        expect(found, `${language} ${currency}`).toContain(amount.trim());
      }
    },
  );

  it("keeps a text without Latin or digits whole", () => {
    expect(ltrRuns("ملخص الطلب")).toEqual([{ text: "ملخص الطلب", ltr: false }]);
  });
});
