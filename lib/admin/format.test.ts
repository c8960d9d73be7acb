import { describe, expect, it } from "vitest";
import { CURRENCIES, CURRENCY_CODES } from "@/lib/contracts/currencies";
import {
  CARD_CHECK,
  chargedAmount,
  currencyDigits,
  formatAmount,
  formatPercent,
  formatShortDay,
} from "./format";
import { parseMajorAmount, toMajorUnits } from "./money-form";
import { minorUnitsOf } from "./product-form";

/** The number in a formatted amount, without the currency's symbol or code: "HUF 1,250.00" → "1,250.00". */
function numberIn(formatted: string): string {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(formatted);
  if (!match) throw new Error(`No number in ${formatted}`);
  return match[0];
}

describe("amounts in the admin area count ISO 4217 minor units", () => {
  it.each(CURRENCY_CODES)("%s shows and reads ISO's number of decimals", (code) => {
    const digits = CURRENCIES[code];
    expect(currencyDigits(code)).toBe(digits);
    const shown = numberIn(formatAmount(123456789, code));
    const fraction = shown.includes(".") ? shown.split(".")[1] : "";
    expect(fraction.length).toBe(digits);
    // The formatted figure is exactly the minor units moved to ISO's decimal point.
    expect(shown.replace(/[,.]/g, "")).toBe("123456789");
  });

  it.each(CURRENCY_CODES)(
    "%s round-trips: what the admin shows is read back as the same minor units",
    (code) => {
      for (const amount of [1, 5, 99, 1250, 125000, 123456789]) {
        expect(parseMajorAmount(toMajorUnits(amount, code), code, 10 ** 12)).toEqual({ ok: true, amount });
        expect(parseMajorAmount(numberIn(formatAmount(amount, code)), code, 10 ** 12)).toEqual({
          ok: true,
          amount,
        });
      }
    },
  );

  it.each(CURRENCY_CODES)(
    "%s prices typed into the product and plan forms count the same minor units as the money forms",
    (code) => {
      for (const amount of [1, 5, 99, 1250, 125000, 123456789]) {
        expect(minorUnitsOf(toMajorUnits(amount, code), code)).toBe(amount);
        expect(minorUnitsOf(numberIn(formatAmount(amount, code)), code)).toBe(amount);
      }
    },
  );

  it("shows a forint payment of 1,250.00 as such, not a hundred times more", () => {
    expect(formatAmount(125000, "HUF")).toBe("HUF\u00a01,250.00");
    expect(formatAmount(1250, "IQD")).toBe("IQD\u00a01.250");
    expect(formatAmount(500, "JPY")).toBe("¥500");
    expect(formatAmount(1250, "EUR")).toBe("€12.50");
  });

  it("formats sums past 2^53 exactly, given as strings or bigints", () => {
    expect(formatAmount("9007199254740993", "EUR")).toBe("€90,071,992,547,409.93");
    expect(formatAmount(9007199254740993n, "KWD")).toBe("KWD\u00a09,007,199,254,740.993");
    expect(formatAmount("-1250", "EUR")).toBe("-€12.50");
  });
});

describe("a card check in the admin area", () => {
  it("is shown without a price, whatever amount its session carried; a payment with its amount", () => {
    expect(chargedAmount({ type: "tokenization", amount: 1051, currency: "EUR" })).toBe(CARD_CHECK);
    expect(chargedAmount({ type: "tokenization", amount: 0, currency: "EUR" })).not.toMatch(/€|\d/);
    expect(chargedAmount({ type: "payment", amount: 1051, currency: "EUR" })).toBe("€10.51");
    expect(chargedAmount({ type: "authorization", amount: 999, currency: "EUR" })).toBe("€9.99");
  });
});

describe("the admin's numbers and dates by Intl", () => {
  it("writes rates and chart days as English does", () => {
    expect(formatPercent(0.75)).toBe("75.0%");
    expect(formatPercent(0.12345)).toBe("12.3%");
    expect(formatPercent(null)).toBe("—");
    expect(formatShortDay("2026-11-16")).toBe("Nov 16");
    expect(formatShortDay("2026-01-01")).toBe("Jan 1");
  });
});
