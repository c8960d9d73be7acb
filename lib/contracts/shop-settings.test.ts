import { describe, expect, it } from "vitest";
import { errorTreeFromZod } from "./errors";
import { shopSettingsSchema } from "./shop-settings";

function errorsOf(rules: unknown) {
  const parsed = shopSettingsSchema.safeParse({ smart_routing_rules: rules });
  return parsed.success ? null : errorTreeFromZod(parsed.error);
}

describe("smart_routing_rules", () => {
  it("defaults to no rules", () => {
    expect(shopSettingsSchema.parse({}).smart_routing_rules).toEqual([]);
  });

  it("accepts every match key and action, keeping the order", () => {
    const rules = [
      {
        match: {
          brand: "master",
          issuer_country: "DE",
          bin: "52042400",
          currency: "EUR",
          amount_min: 0,
          amount_max: 0,
        },
        action: "force_3ds",
      },
      { match: { bin: "401200" }, action: "skip_3ds" },
      { match: { amount_min: 100_000 }, action: "decline" },
    ];
    expect(shopSettingsSchema.parse({ smart_routing_rules: rules }).smart_routing_rules).toEqual(rules);
  });

  it("reads null match keys as not given", () => {
    const [rule] = shopSettingsSchema.parse({
      smart_routing_rules: [{ match: { brand: "visa", currency: null }, action: "decline" }],
    }).smart_routing_rules;
    expect(rule).toEqual({ match: { brand: "visa" }, action: "decline" });
  });

  it.each([
    ["an unknown brand", { brand: "visa-electron" }, { brand: ["is not included in the list"] }],
    ["a lower-case country", { issuer_country: "de" }, { issuer_country: ["is invalid"] }],
    ["an unassigned country", { issuer_country: "XX" }, { issuer_country: ["is invalid"] }],
    ["a 5-digit bin", { bin: "40120" }, { bin: ["is invalid"] }],
    ["a 9-digit bin", { bin: "401200001" }, { bin: ["is invalid"] }],
    ["a numeric bin", { bin: 401200 }, { bin: ["is invalid"] }],
    ["an unknown currency", { currency: "EURO" }, { currency: ["is invalid"] }],
    ["a fractional amount", { amount_min: 10.5 }, { amount_min: ["must be an integer"] }],
    ["a negative amount", { amount_max: -1 }, { amount_max: ["must be greater than or equal to 0"] }],
    ["an amount as a string", { amount_max: "100" }, { amount_max: ["is not a number"] }],
    [
      "min above max",
      { amount_min: 200, amount_max: 100 },
      { amount_max: ["must be greater than or equal to 200"] },
    ],
    ["a misspelt key", { brand: "visa", country: "DE" }, { country: ["is not a known key"] }],
  ])("rejects %s at its own path", (_case, match, expected) => {
    expect(errorsOf([{ match, action: "decline" }])).toEqual({
      smart_routing_rules: { "0": { match: expected } },
    });
  });

  it("rejects a rule that matches everything", () => {
    expect(errorsOf([{ match: {}, action: "decline" }])).toEqual({
      smart_routing_rules: {
        "0": {
          match: ["must name at least one of brand, issuer_country, bin, currency, amount_min, amount_max"],
        },
      },
    });
    expect(errorsOf([{ match: { brand: null }, action: "decline" }])).not.toBeNull();
  });

  it("rejects an unknown action, a missing match and unknown rule keys, all at once", () => {
    expect(errorsOf([{ action: "route_elsewhere", priority: 1 }, "skip"])).toEqual({
      smart_routing_rules: {
        "0": {
          match: ["can't be blank"],
          action: ["is not included in the list"],
          priority: ["is not a known key"],
        },
        "1": ["must be an object"],
      },
    });
  });

  it("rejects a value that is not an array, and more than 100 rules", () => {
    expect(errorsOf({ match: { brand: "visa" }, action: "decline" })).toEqual({
      smart_routing_rules: ["must be an array"],
    });
    const many = Array.from({ length: 101 }, () => ({ match: { brand: "visa" }, action: "decline" }));
    expect(errorsOf(many)).toEqual({ smart_routing_rules: ["is too long (maximum is 100 rules)"] });
  });
});
