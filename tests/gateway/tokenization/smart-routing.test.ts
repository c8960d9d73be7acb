import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopSettingsInput } from "@/lib/contracts/shop-settings";
import { callJson, startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "../harness";
import { cardExists, storedRows, tokenize } from "../three-d-secure-helpers";

const RETURN_URL = "https://merchant.example/return";
// Sandbox BIN table: 401200 and 520424 are issued in DE, 420000 in the US.
const CHALLENGE_VISA = "4012000000001097";
const CHALLENGE_MASTERCARD = "5204240000015029";
const NOT_ENROLLED_VISA = "4200000000000000";

let gateway: TestGateway;
let seed = 400_000;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway.close();
});

function shopWith(settings: ShopSettingsInput): Promise<TestShop> {
  return gateway.createShop(settings);
}

describe("smart_routing_verification.status", () => {
  it("is skipped for a shop without rules", async () => {
    const shop = await shopWith({});
    const transaction = await tokenize(gateway, shop, NOT_ENROLLED_VISA);
    expect(transaction.smart_routing_verification).toEqual({ status: "skipped" });
  });

  it("is successful when the rules were checked and none declined", async () => {
    const shop = await shopWith({ smart_routing_rules: [{ match: { brand: "amex" }, action: "decline" }] });
    const transaction = await tokenize(gateway, shop, NOT_ENROLLED_VISA);
    expect(transaction).toMatchObject({
      status: "successful",
      smart_routing_verification: { status: "successful" },
    });
  });
});

describe("a decline rule", () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await shopWith({
      three_d_secure: true,
      smart_routing_rules: [{ match: { brand: "visa", currency: "EUR" }, action: "decline" }],
    });
  });

  it("fails a matching transaction before 3-D Secure, storing no card", async () => {
    const transaction = await tokenize(gateway, shop, CHALLENGE_VISA, {
      currency: "EUR",
      return_url: RETURN_URL,
      notification_url: "https://merchant.example/notify",
    });
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Declined by smart routing rules",
      tokenization: { status: "failed", message: "Declined by smart routing rules" },
      smart_routing_verification: { status: "failed" },
      credit_card: { token: null },
      three_d_secure_verification: { status: null, ve_status: null },
    });
    const stored = await storedRows(gateway, transaction.uid);
    expect(stored.transaction.cardToken).toBeNull();
    expect(stored.challenge).toBeUndefined();
    expect(stored.deliveries).toHaveLength(1);
  });

  it("lets a transaction through that does not match every key", async () => {
    const transaction = await tokenize(gateway, shop, NOT_ENROLLED_VISA, {
      currency: "USD",
      return_url: RETURN_URL,
    });
    expect(transaction).toMatchObject({
      status: "successful",
      smart_routing_verification: { status: "successful" },
    });
    expect(await cardExists(gateway, transaction.credit_card.token)).toBe(true);
  });
});

describe("skip_3ds and force_3ds rules", () => {
  it("skip_3ds: a 3-D Secure shop tokenizes a matching card at once", async () => {
    const shop = await shopWith({
      three_d_secure: true,
      smart_routing_rules: [{ match: { bin: "401200", amount_max: 1000 }, action: "skip_3ds" }],
    });
    const skipped = await tokenize(gateway, shop, CHALLENGE_VISA, { amount: 1000, return_url: RETURN_URL });
    expect(skipped).toMatchObject({
      status: "successful",
      smart_routing_verification: { status: "successful" },
      three_d_secure_verification: { status: null, ve_status: null },
    });
    const aboveRange = await tokenize(gateway, shop, CHALLENGE_VISA, {
      amount: 1001,
      return_url: RETURN_URL,
    });
    expect(aboveRange).toMatchObject({
      status: "incomplete",
      smart_routing_verification: { status: "successful" },
    });
  });

  it("force_3ds: a shop without 3-D Secure verifies a matching card", async () => {
    const shop = await shopWith({
      smart_routing_rules: [{ match: { issuer_country: "DE", brand: "master" }, action: "force_3ds" }],
    });
    const forced = await tokenize(gateway, shop, CHALLENGE_MASTERCARD);
    expect(forced).toMatchObject({ status: "incomplete", three_d_secure_verification: { ve_status: "Y" } });
    const otherCountry = await tokenize(gateway, shop, uniqueVisaNumber(seed++));
    expect(otherCountry).toMatchObject({
      status: "successful",
      three_d_secure_verification: { ve_status: null },
    });
  });

  it("override the request's flags: force_3ds beats skip, skip_3ds beats force", async () => {
    const shop = await shopWith({
      three_d_secure: true,
      skip_three_d_secure_allowed: true,
      force_three_d_secure_allowed: true,
      smart_routing_rules: [
        { match: { currency: "EUR" }, action: "force_3ds" },
        { match: { currency: "GBP" }, action: "skip_3ds" },
      ],
    });
    const forced = await tokenize(gateway, shop, CHALLENGE_VISA, {
      currency: "EUR",
      return_url: RETURN_URL,
      skip_three_d_secure_verification: true,
    });
    expect(forced.status).toBe("incomplete");
    const skipped = await tokenize(gateway, shop, CHALLENGE_VISA, {
      currency: "GBP",
      return_url: RETURN_URL,
      force_three_d_secure_verification: true,
    });
    expect(skipped.status).toBe("successful");
    // No rule matches: the request's flag decides.
    const flagged = await tokenize(gateway, shop, CHALLENGE_VISA, {
      currency: "USD",
      return_url: RETURN_URL,
      skip_three_d_secure_verification: true,
    });
    expect(flagged.status).toBe("successful");
  });

  it("applies only the first matching rule", async () => {
    const shop = await shopWith({
      three_d_secure: true,
      smart_routing_rules: [
        { match: { amount_min: 500, amount_max: 500 }, action: "skip_3ds" },
        { match: { brand: "visa" }, action: "decline" },
      ],
    });
    const first = await tokenize(gateway, shop, CHALLENGE_VISA, { amount: 500, return_url: RETURN_URL });
    expect(first).toMatchObject({
      status: "successful",
      smart_routing_verification: { status: "successful" },
    });
    const second = await tokenize(gateway, shop, CHALLENGE_VISA, { amount: 501, return_url: RETURN_URL });
    expect(second).toMatchObject({ status: "failed", smart_routing_verification: { status: "failed" } });
  });
});

describe("rules saved through PATCH /shop", () => {
  it("are validated strictly, each problem at its own path", async () => {
    const shop = await shopWith({});
    const response = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop,
      body: {
        settings: {
          smart_routing_rules: [
            { match: { brand: "visa", amount_min: 10, amount_max: 5 }, action: "decline" },
            { match: { bin: "4012", country: "DE" }, action: "skip" },
            { match: {}, action: "force_3ds" },
          ],
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      settings: {
        smart_routing_rules: {
          "0": { match: { amount_max: ["must be greater than or equal to 10"] } },
          "1": {
            match: { bin: ["is invalid"], country: ["is not a known key"] },
            action: ["is not included in the list"],
          },
          "2": {
            match: ["must name at least one of brand, issuer_country, bin, currency, amount_min, amount_max"],
          },
        },
      },
    });
  });

  it("apply to the next tokenization once saved", async () => {
    const shop = await shopWith({});
    const saved = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop,
      body: { settings: { smart_routing_rules: [{ match: { issuer_country: "US" }, action: "decline" }] } },
    });
    expect(saved.status).toBe(200);
    const transaction = await tokenize(gateway, shop, NOT_ENROLLED_VISA);
    expect(transaction).toMatchObject({ status: "failed", message: "Declined by smart routing rules" });
  });
});
