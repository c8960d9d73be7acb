import { describe, expect, it } from "vitest";
import { type SmartRoutingRule, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { decideSmartRouting, evaluateSmartRouting, type SmartRoutingFacts } from "./evaluate-smart-routing";

/** Rules go through the settings schema, as they would when a shop saves them. */
function rules(...input: unknown[]): SmartRoutingRule[] {
  return shopSettingsSchema.parse({ smart_routing_rules: input }).smart_routing_rules;
}

const VISA_DE_EUR: SmartRoutingFacts = {
  brand: "visa",
  issuerCountry: "DE",
  leadingDigits: "40120000",
  currency: "EUR",
  amount: 5000,
};

describe("evaluateSmartRouting: each match key", () => {
  it.each([
    ["brand", { brand: "visa" }, { brand: "master" }],
    ["issuer_country", { issuer_country: "DE" }, { issuer_country: "US" }],
    ["bin of 6 digits", { bin: "401200" }, { bin: "401201" }],
    ["bin of 7 digits", { bin: "4012000" }, { bin: "4012001" }],
    ["bin of 8 digits", { bin: "40120000" }, { bin: "40120001" }],
    ["currency", { currency: "EUR" }, { currency: "USD" }],
    ["amount_min", { amount_min: 5000 }, { amount_min: 5001 }],
    ["amount_max", { amount_max: 5000 }, { amount_max: 4999 }],
  ])("%s: matches when it holds, not otherwise", (_key, holding, failing) => {
    const [hit] = rules({ match: holding, action: "decline" });
    const [miss] = rules({ match: failing, action: "decline" });
    expect(evaluateSmartRouting([hit], VISA_DE_EUR)).toBe(hit);
    expect(evaluateSmartRouting([miss], VISA_DE_EUR)).toBeNull();
  });

  it("never matches a country rule when the card's issuing country is unknown", () => {
    const countryRules = rules({ match: { issuer_country: "DE" }, action: "decline" });
    expect(evaluateSmartRouting(countryRules, { ...VISA_DE_EUR, issuerCountry: null })).toBeNull();
  });
});

describe("evaluateSmartRouting: amount ranges at the edges", () => {
  const [range] = rules({ match: { amount_min: 1000, amount_max: 2000 }, action: "force_3ds" });

  it.each([
    [999, false],
    [1000, true],
    [1500, true],
    [2000, true],
    [2001, false],
  ])("amount %i in [1000, 2000]: %s", (amount, expected) => {
    expect(evaluateSmartRouting([range], { ...VISA_DE_EUR, amount }) !== null).toBe(expected);
  });

  it("matches exactly one amount when min equals max", () => {
    const [exact] = rules({ match: { amount_min: 5000, amount_max: 5000 }, action: "decline" });
    expect(evaluateSmartRouting([exact], VISA_DE_EUR)).toBe(exact);
    expect(evaluateSmartRouting([exact], { ...VISA_DE_EUR, amount: 5001 })).toBeNull();
  });
});

describe("evaluateSmartRouting: order and combinations", () => {
  it("returns the first matching rule, not the most specific one", () => {
    const ordered = rules(
      { match: { brand: "master" }, action: "decline" },
      { match: { currency: "EUR" }, action: "skip_3ds" },
      { match: { brand: "visa", issuer_country: "DE", currency: "EUR" }, action: "force_3ds" },
    );
    expect(evaluateSmartRouting(ordered, VISA_DE_EUR)).toBe(ordered[1]);
  });

  it("requires every key of a rule to hold", () => {
    const combined = rules({
      match: { brand: "visa", issuer_country: "DE", bin: "401200", currency: "EUR", amount_max: 10_000 },
      action: "decline",
    });
    expect(evaluateSmartRouting(combined, VISA_DE_EUR)).toBe(combined[0]);
    for (const change of [
      { brand: "master" },
      { issuerCountry: "FR" },
      { leadingDigits: "42000000" },
      { currency: "USD" },
      { amount: 10_001 },
    ]) {
      expect(
        evaluateSmartRouting(combined, { ...VISA_DE_EUR, ...change }),
        JSON.stringify(change),
      ).toBeNull();
    }
  });

  it("falls through to a later rule when earlier ones do not match", () => {
    const ordered = rules(
      { match: { brand: "amex" }, action: "decline" },
      { match: { amount_min: 10_000 }, action: "decline" },
      { match: { bin: "401200" }, action: "skip_3ds" },
    );
    expect(evaluateSmartRouting(ordered, VISA_DE_EUR)?.action).toBe("skip_3ds");
  });

  it("matches nothing with no rules", () => {
    expect(evaluateSmartRouting([], VISA_DE_EUR)).toBeNull();
  });
});

describe("decideSmartRouting", () => {
  it("is skipped when the shop has no rules", () => {
    expect(decideSmartRouting([], VISA_DE_EUR)).toEqual({ status: "skipped", action: null });
  });

  it("is successful when rules exist and none matched", () => {
    const none = rules({ match: { brand: "jcb" }, action: "decline" });
    expect(decideSmartRouting(none, VISA_DE_EUR)).toEqual({ status: "successful", action: null });
  });

  it.each([
    ["skip_3ds", "successful"],
    ["force_3ds", "successful"],
    ["decline", "failed"],
  ])("a matching %s rule: %s", (action, status) => {
    expect(decideSmartRouting(rules({ match: { brand: "visa" }, action }), VISA_DE_EUR)).toEqual({
      status,
      action,
    });
  });
});
