import { describe, expect, it } from "vitest";
import {
  brandDisplayName,
  CARD_BRANDS,
  type CardBrand,
  cardNumberLengths,
  detectBrand,
  securityCodeLength,
} from "./brand";

describe("detectBrand on full numbers", () => {
  it.each<[string, CardBrand | null]>([
    ["4111111111111111", "visa"],
    ["4000000000000002", "visa"],
    ["5105105105105100", "master"],
    ["5555555555554444", "master"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["6011111111111117", "discover"],
    ["3530111333300000", "jcb"],
    ["30569309025904", "diners"],
    ["6200000000000005", "unionpay"],
    ["2200000000000004", "mir"],
    ["6767700000000005", "maestro"],
    ["9112000000000006", "belkart"],
    ["1234560000000009", null],
  ])("%s is %s", (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });
});

describe("detectBrand IIN ranges", () => {
  it.each<[string, CardBrand | null]>([
    // Visa
    ["4000", "visa"],
    ["4999", "visa"],
    // Mastercard 51-55 and the 2-series
    ["5099", "maestro"],
    ["5100", "master"],
    ["5599", "master"],
    ["5600", "maestro"],
    ["2220", null],
    ["2221", "master"],
    ["2500", "master"],
    ["2720", "master"],
    ["2721", null],
    // Amex
    ["3400", "amex"],
    ["3700", "amex"],
    ["3500", null],
    // Maestro
    ["5000", "maestro"],
    ["5800", "maestro"],
    ["5900", null],
    ["6304", "maestro"],
    ["6303", null],
    ["6390", "maestro"],
    ["6700", "maestro"],
    ["6759", "maestro"],
    ["6761", "maestro"],
    ["6763", "maestro"],
    ["6799", "maestro"],
    // Discover
    ["6011", "discover"],
    ["6010", null],
    ["6012", null],
    ["6439", null],
    ["6440", "discover"],
    ["6499", "discover"],
    ["6500", "discover"],
    // JCB
    ["3527", null],
    ["3528", "jcb"],
    ["3589", "jcb"],
    ["3590", null],
    // Diners
    ["3000", "diners"],
    ["3059", "diners"],
    ["3060", null],
    ["3094", null],
    ["3095", "diners"],
    ["3096", null],
    ["3600", "diners"],
    ["3800", "diners"],
    ["3999", "diners"],
    // UnionPay
    ["6200", "unionpay"],
    ["8100", "unionpay"],
    ["8200", null],
    // Mir
    ["2199", null],
    ["2200", "mir"],
    ["2204", "mir"],
    ["2205", null],
    // Belkart
    ["9112", "belkart"],
    ["9111", null],
    ["9113", null],
    // Unassigned
    ["1000", null],
    ["7000", null],
    ["0000", null],
  ])("%s is %s", (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });
});

describe("detectBrand on partial numbers", () => {
  it.each<[string, CardBrand | null]>([
    ["4", "visa"],
    ["5", null],
    ["51", "master"],
    ["50", "maestro"],
    ["2", null],
    ["22", null],
    ["220", null],
    ["223", "master"],
    ["27", null],
    ["272", null],
    ["3", null],
    ["34", "amex"],
    ["35", null],
    ["352", null],
    ["353", "jcb"],
    ["358", "jcb"],
    ["30", null],
    ["300", "diners"],
    ["309", null],
    ["36", "diners"],
    ["6", null],
    ["60", null],
    ["601", null],
    ["62", "unionpay"],
    ["63", null],
    ["639", "maestro"],
    ["64", null],
    ["644", "discover"],
    ["65", "discover"],
    ["67", "maestro"],
    ["8", null],
    ["81", "unionpay"],
    ["9", null],
    ["911", null],
  ])("%j is %s", (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });

  it("ignores spaces and dashes typed as separators", () => {
    expect(detectBrand("3 5 3")).toBe("jcb");
    expect(detectBrand("2221-00")).toBe("master");
    expect(detectBrand("4111 1111 1111 1111")).toBe("visa");
  });

  it("returns null for empty or non-numeric input", () => {
    expect(detectBrand("")).toBeNull();
    expect(detectBrand("   ")).toBeNull();
    expect(detectBrand("4x")).toBeNull();
    expect(detectBrand("visa")).toBeNull();
  });
});

describe("securityCodeLength", () => {
  it("is 4 for amex and 3 for every other brand", () => {
    expect(securityCodeLength("amex")).toBe(4);
    for (const brand of CARD_BRANDS.filter((b) => b !== "amex")) expect(securityCodeLength(brand)).toBe(3);
    expect(securityCodeLength(null)).toBe(3);
  });
});

describe("cardNumberLengths", () => {
  it("gives the lengths each brand issues", () => {
    expect(cardNumberLengths("amex")).toEqual([15]);
    expect(cardNumberLengths("master")).toEqual([16]);
    expect(cardNumberLengths("visa")).toEqual([13, 16, 18, 19]);
    expect(cardNumberLengths("diners")).toEqual([14, 15, 16, 17, 18, 19]);
    expect(cardNumberLengths("maestro")).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("allows 12 to 19 digits when the brand is unknown", () => {
    expect(cardNumberLengths(null)).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("stays within the 12-19 digits the gateway accepts", () => {
    for (const brand of CARD_BRANDS) {
      const allowed = cardNumberLengths(brand);
      expect(allowed.length).toBeGreaterThan(0);
      for (const length of allowed) {
        expect(length).toBeGreaterThanOrEqual(12);
        expect(length).toBeLessThanOrEqual(19);
      }
    }
  });
});

describe("brandDisplayName", () => {
  it("names the gateway's brand codes as people know them", () => {
    expect(brandDisplayName("master")).toBe("Mastercard");
    expect(brandDisplayName("amex")).toBe("American Express");
    expect(brandDisplayName("newbrand")).toBe("Newbrand");
  });
});
