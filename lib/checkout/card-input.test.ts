import { describe, expect, it } from "vitest";
import { describeCardNumber } from "./card-input";

describe("describeCardNumber", () => {
  it("recognises the brand as typed and groups per brand", () => {
    expect(describeCardNumber("4")).toMatchObject({ brandName: null, formatted: "4" });
    expect(describeCardNumber("42")).toMatchObject({ brandName: "Visa", formatted: "42" });
    expect(describeCardNumber("37828224")).toMatchObject({
      brandName: "American Express",
      formatted: "3782 8224",
      maxDigits: 15,
      maxLength: 17,
      securityCodeLength: 4,
    });
    expect(describeCardNumber("5204 2400 0001 5003")).toMatchObject({
      brandName: "Mastercard",
      formatted: "5204 2400 0001 5003",
      securityCodeLength: 3,
      complete: true,
    });
  });

  it("is complete only when the contract would accept the number", () => {
    expect(describeCardNumber("4200 0000 0000 0000").complete).toBe(true);
    expect(describeCardNumber("4200 0000 0000 0001").complete).toBe(false);
    // A 13-digit Visa is one card-validator does not expect, but the gateway takes it.
    expect(describeCardNumber("4222222222222").complete).toBe(true);
    // Belkart is unknown to card-validator: grouped 4-4-4-4, accepted when Luhn-valid.
    expect(describeCardNumber("9112000000000006")).toMatchObject({ brandName: null, complete: true });
  });

  it("says a number is wrong as soon as all its digits are typed", () => {
    expect(describeCardNumber("378282246310006").wrongAtFullLength).toBe(true);
    expect(describeCardNumber("37828224631000").wrongAtFullLength).toBe(false);
    expect(describeCardNumber("378282246310005").wrongAtFullLength).toBe(false);
  });

  it("leaves text with letters as it is, for validation to refuse", () => {
    expect(describeCardNumber("4200abc")).toMatchObject({ formatted: "4200abc", complete: false });
  });
});
