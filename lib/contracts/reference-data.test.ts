import { describe, expect, it } from "vitest";
import {
  CA_PROVINCES,
  COUNTRY_CODES,
  CURRENCIES,
  currencyMinorUnits,
  isCountryCode,
  isCurrencyCode,
  isLanguage,
  LANGUAGES,
  US_STATES,
} from "./reference-data";

describe("reference data", () => {
  it("lists the 249 ISO 3166-1 alpha-2 codes once each", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode("BY")).toBe(true);
    expect(isCountryCode("us")).toBe(false);
    expect(isCountryCode("XK")).toBe(false);
  });

  it("knows ISO 4217 minor units", () => {
    expect(currencyMinorUnits("USD")).toBe(2);
    expect(currencyMinorUnits("EUR")).toBe(2);
    expect(currencyMinorUnits("BYN")).toBe(2);
    expect(currencyMinorUnits("JPY")).toBe(0);
    expect(currencyMinorUnits("KWD")).toBe(3);
    expect(currencyMinorUnits("CLF")).toBe(4);
    expect(() => currencyMinorUnits("XXX")).toThrow(RangeError);
    expect(isCurrencyCode("usd")).toBe(false);
    expect(isCurrencyCode("toString")).toBe(false);
    expect(Object.keys(CURRENCIES).every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });

  it("lists US states with DC, territories and military codes, and the Canadian provinces", () => {
    expect(US_STATES).toHaveLength(60);
    expect(US_STATES).toEqual(expect.arrayContaining(["CA", "DC", "PR", "UM", "AA", "AE", "AP"]));
    expect(CA_PROVINCES).toHaveLength(13);
    expect(new Set(US_STATES).size).toBe(60);
  });

  it("lists the checkout languages", () => {
    expect(LANGUAGES).toHaveLength(40);
    expect(new Set(LANGUAGES).size).toBe(40);
    expect(isLanguage("he")).toBe(true);
    expect(isLanguage("pt")).toBe(true);
    expect(isLanguage("id")).toBe(true);
    expect(isLanguage("xx")).toBe(false);
  });
});
