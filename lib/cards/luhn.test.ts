import { describe, expect, it } from "vitest";
import { isLuhnValid } from "./luhn";

describe("isLuhnValid", () => {
  it.each([
    "4111111111111111",
    "4200000000000000",
    "5204240000015003",
    "378282246310005",
    "79927398713",
    "0",
  ])("accepts %s", (digits) => {
    expect(isLuhnValid(digits)).toBe(true);
  });

  it.each(["4111111111111112", "4200000000000001", "378282246310006", "79927398710", "1"])(
    "rejects %s",
    (digits) => {
      expect(isLuhnValid(digits)).toBe(false);
    },
  );

  it.each(["", "4111 1111 1111 1111", "4111-1111-1111-1111", "41111111111111a1", "-4111111111111111", "٤٢"])(
    "rejects non-digit input %j",
    (digits) => {
      expect(isLuhnValid(digits)).toBe(false);
    },
  );
});
