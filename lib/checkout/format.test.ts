import { describe, expect, it } from "vitest";
import {
  caretAfterDigits,
  formatExpiryInput,
  groupCardNumber,
  parseExpiry,
  stripCardSeparators,
} from "./format";

describe("card number grouping", () => {
  it("groups American Express 4-6-5 and others 4-4-4-4", () => {
    expect(groupCardNumber("378282246310005", [4, 10], 15)).toBe("3782 822463 10005");
    expect(groupCardNumber("4200000000000000", [4, 8, 12], 19)).toBe("4200 0000 0000 0000");
    expect(groupCardNumber("4200000000000000123", [4, 8, 12], 19)).toBe("4200 0000 0000 0000123");
  });

  it("cuts at the brand's longest length and groups partial numbers as typed", () => {
    expect(groupCardNumber("3782822463100059", [4, 10], 15)).toBe("3782 822463 10005");
    expect(groupCardNumber("42000", [4, 8, 12], 19)).toBe("4200 0");
  });

  it("strips only the separators people type", () => {
    expect(stripCardSeparators(" 4200-0000 0000 0000 ")).toBe("4200000000000000");
    expect(stripCardSeparators("4200 O000")).toBe("4200O000");
  });
});

describe("expiry", () => {
  it("formats as typed", () => {
    expect(formatExpiryInput("1")).toBe("1");
    expect(formatExpiryInput("5")).toBe("05");
    expect(formatExpiryInput("12")).toBe("12");
    expect(formatExpiryInput("123")).toBe("12/3");
    expect(formatExpiryInput("12/30")).toBe("12/30");
    expect(formatExpiryInput("12 / 2030")).toBe("12/2030");
    expect(formatExpiryInput("1230456")).toBe("12/3045");
  });

  it("parses MM/YY and MM/YYYY into exp_month and a four-digit exp_year", () => {
    expect(parseExpiry("12/30")).toEqual({ exp_month: "12", exp_year: "2030" });
    expect(parseExpiry("1/30")).toEqual({ exp_month: "01", exp_year: "2030" });
    expect(parseExpiry(" 07 / 2031 ")).toEqual({ exp_month: "07", exp_year: "2031" });
    // The month's range is the contract's business, not the parser's.
    expect(parseExpiry("13/30")).toEqual({ exp_month: "13", exp_year: "2030" });
  });

  it("refuses other shapes", () => {
    for (const text of ["", "1230", "12/3", "12/203", "ab/cd", "12-30"]) expect(parseExpiry(text)).toBeNull();
  });
});

describe("caretAfterDigits", () => {
  it("puts the caret after the same count of digits in the reformatted text", () => {
    expect(caretAfterDigits("4200 0000 0", 4)).toBe(4);
    expect(caretAfterDigits("4200 0000 0", 5)).toBe(6);
    expect(caretAfterDigits("4200 0000 0", 0)).toBe(0);
    expect(caretAfterDigits("4200", 9)).toBe(4);
  });
});
