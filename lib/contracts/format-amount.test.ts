import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-amount";

// Intl separates a currency code from the number with a no-break space.
describe("formatAmount", () => {
  it("uses the currency's own minor units: JPY 0, USD 2, KWD 3", () => {
    expect(formatAmount(3245, "JPY", "en")).toBe("¥3,245");
    expect(formatAmount(3245, "USD", "en")).toBe("$32.45");
    expect(formatAmount(3245, "KWD", "en")).toBe("KWD\u00a03.245");
  });

  it("keeps ISO's decimals where CLDR shows none, and follows the language", () => {
    expect(formatAmount(150_000, "HUF", "en")).toBe("HUF\u00a01,500.00");
    expect(formatAmount(123_456, "EUR", "de")).toBe("1.234,56\u00a0€");
    expect(formatAmount(5, "USD", "en")).toBe("$0.05");
  });

  it("refuses a currency it does not know instead of guessing decimals", () => {
    expect(() => formatAmount(100, "XXX", "en")).toThrow(RangeError);
  });
});
