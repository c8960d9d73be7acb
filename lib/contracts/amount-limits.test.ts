import { describe, expect, it } from "vitest";
import { amountCeilingErrors, majorToMinorUnits, maximumAmount } from "./amount-limits";
import { CURRENCY_CODES } from "./currencies";

describe("the ceiling on one transaction's amount", () => {
  it.each(CURRENCY_CODES)("%s: far below 2^53 minor units", (code) => {
    expect(maximumAmount(code)).toBeGreaterThan(0);
    expect(maximumAmount(code)).toBeLessThanOrEqual(10 ** 15);
  });

  it("refuses 9.0e12 KWD (nine billion dinars) and takes a billion", () => {
    expect(amountCeilingErrors(9.0e12, "KWD")).toEqual({ amount: ["can't be greater than 1000000000000"] });
    expect(amountCeilingErrors(1_000_000_000_000, "KWD")).toEqual({});
    expect(amountCeilingErrors(100_000_000_000, "EUR")).toEqual({});
    expect(amountCeilingErrors(100_000_000_001, "EUR")).toEqual({
      amount: ["can't be greater than 100000000000"],
    });
    // A billion dong is about 40,000 US dollars: such currencies get a trillion.
    expect(amountCeilingErrors(500_000_000_000, "VND")).toEqual({});
  });

  it("scales major units by the ISO exponent", () => {
    expect(majorToMinorUnits(5000, "EUR")).toBe(500_000);
    expect(majorToMinorUnits(5000, "JPY")).toBe(5000);
    expect(majorToMinorUnits(5000, "KWD")).toBe(5_000_000);
    expect(majorToMinorUnits(5000, "HUF")).toBe(500_000);
  });
});
