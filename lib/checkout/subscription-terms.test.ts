import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/contracts/format-amount";
import { LANGUAGES, type Language } from "@/lib/contracts/languages";
import { getCheckoutMessages } from "./messages";
import type { TermsUnit } from "./messages/types";
import { type SubscriptionTerms, subscriptionTermsText } from "./subscription-terms";

const MONTHLY_WITH_FREE_TRIAL: SubscriptionTerms = {
  amount: 999,
  currency: "EUR",
  interval: 1,
  interval_unit: "month",
  trial: { amount: 0, interval: 14, interval_unit: "day" },
};
const QUARTERLY: SubscriptionTerms = {
  amount: 2500,
  currency: "USD",
  interval: 3,
  interval_unit: "month",
  trial: null,
};
const WEEKLY_WITH_PAID_TRIAL: SubscriptionTerms = {
  amount: 1200,
  currency: "JPY",
  interval: 1,
  interval_unit: "week",
  trial: { amount: 100, interval: 1, interval_unit: "week" },
};

const period = (language: string, count: number, unit: string) =>
  new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(count);

/**
 * The length of time "every …" names: Intl's own words, or where the language declines the unit after its "every"
 * (its `everyN` is per unit) the number as Intl writes it.
 */
const everyPeriod = (language: Language, count: number, unit: TermsUnit) =>
  "other" in getCheckoutMessages(language).subscriptionTerms.everyN
    ? period(language, count, unit)
    : new Intl.NumberFormat(language).format(count);

describe("subscriptionTermsText", () => {
  it("says the terms in English", () => {
    expect(subscriptionTermsText("en", MONTHLY_WITH_FREE_TRIAL)).toBe(
      "14 days free, then €9.99 every month; cancel any time.",
    );
    expect(subscriptionTermsText("en", QUARTERLY)).toBe("$25.00 every 3 months; cancel any time.");
    expect(subscriptionTermsText("en", WEEKLY_WITH_PAID_TRIAL)).toBe(
      "1 week for ¥100, then ¥1,200 every week; cancel any time.",
    );
  });

  it("says them in German and Arabic with the language's own numbers and plurals", () => {
    expect(subscriptionTermsText("de", MONTHLY_WITH_FREE_TRIAL)).toBe(
      `14 Tage kostenlos, danach ${formatAmount(999, "EUR", "de")} monatlich; jederzeit kündbar.`,
    );
    expect(subscriptionTermsText("de", { ...QUARTERLY, interval: 1, interval_unit: "year" })).toBe(
      `${formatAmount(2500, "USD", "de")} jährlich; jederzeit kündbar.`,
    );
    const arabic = subscriptionTermsText("ar", QUARTERLY);
    expect(arabic).toContain("كل");
    expect(arabic).toContain(period("ar", 3, "month"));
  });

  it("declines the unit after Latvian 'ik pēc' and Lithuanian 'kas' as the number asks", () => {
    const every = (language: Language, interval: number, interval_unit: TermsUnit) =>
      subscriptionTermsText(language, { ...QUARTERLY, interval, interval_unit });
    expect(every("lv", 3, "month")).toContain("ik pēc 3 mēnešiem;");
    expect(every("lv", 21, "day")).toContain("ik pēc 21 dienas;");
    expect(every("lv", 10, "week")).toContain("ik pēc 10 nedēļām;");
    expect(every("lt", 3, "month")).toContain("kas 3 mėnesius;");
    expect(every("lt", 21, "day")).toContain("kas 21 dieną;");
    expect(every("lt", 12, "week")).toContain("kas 12 savaičių;");
    expect(every("lt", 2, "year")).toContain("kas 2 metus;");
  });

  it.each(LANGUAGES)(
    "says every kind of terms in %s, placeholders filled, amounts and periods from Intl",
    (language) => {
      for (const terms of [MONTHLY_WITH_FREE_TRIAL, QUARTERLY, WEEKLY_WITH_PAID_TRIAL]) {
        const text = subscriptionTermsText(language, terms);
        expect(text, `${language}: ${text}`).not.toMatch(/[{}]/);
        expect(text).toContain(formatAmount(terms.amount, terms.currency, language));
        if (terms.trial) {
          expect(text).toContain(period(language, terms.trial.interval, terms.trial.interval_unit));
          if (terms.trial.amount > 0)
            expect(text).toContain(formatAmount(terms.trial.amount, terms.currency, language));
        }
        if (terms.interval > 1)
          expect(text).toContain(everyPeriod(language, terms.interval, terms.interval_unit));
        else
          expect(text).toContain(getCheckoutMessages(language).subscriptionTerms.every[terms.interval_unit]);
      }
      // Every plural category of the language has its sentence (or falls back to `other`), for any interval.
      for (const count of [2, 3, 5, 11, 21, 22, 25, 100]) {
        expect(subscriptionTermsText(language, { ...QUARTERLY, interval: count })).toContain(
          everyPeriod(language, count, "month"),
        );
      }
    },
  );

  it("has a catalogue entry of its own for each language, not English copied", () => {
    for (const language of LANGUAGES) {
      if (language === "en") continue;
      expect(getCheckoutMessages(language).subscriptionTerms.plain, language).not.toBe(
        getCheckoutMessages("en").subscriptionTerms.plain,
      );
      expect(getCheckoutMessages(language).subscriptionTerms.every.month, language).not.toBe(
        getCheckoutMessages("en").subscriptionTerms.every.month,
      );
    }
  });
});
