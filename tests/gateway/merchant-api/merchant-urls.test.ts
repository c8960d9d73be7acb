import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

let seed = 940_000;

function checkoutRequest(settings: Record<string, unknown>) {
  return {
    checkout: {
      transaction_type: "tokenization",
      order: { amount: 700, currency: "EUR", description: "Socks" },
      settings,
    },
  };
}

describe("merchant URLs in production", () => {
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { NODE_ENV: "production" } });
    shop = await gateway.createShop();
  });

  afterAll(async () => {
    await gateway.close();
  });

  it("a tokenization with a plain-http notification, verification or return URL is refused: 422, field by field", async () => {
    const response = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: tokenizationRequest(
        {
          notification_url: "http://merchant.example/hooks",
          verification_url: "http://merchant.example/verify",
          return_url: "https://merchant.example/back",
        },
        { number: uniqueVisaNumber(seed++) },
      ),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      notification_url: ["must be https"],
      verification_url: ["must be https"],
    });
    expect(response.body.message).toContain("must be https");
  });

  it("a shop's framing origins and logo must be https: 422 entry by entry, nothing changed", async () => {
    const response = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: {
        settings: {
          frame_ancestors: ["https://shop.example", "http://shop.example"],
          branding: { logo_url: "http://cdn.example/logo.png" },
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      settings: { frame_ancestors: { "1": ["must be https"] }, branding: { logo_url: ["must be https"] } },
    });
    const profile = await callJson(gateway, "/shop", { shop });
    expect(profile.body.shop.settings.frame_ancestors).toEqual([]);
    expect(profile.body.shop.settings.branding.logo_url).toBeNull();
    const secure = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: {
        settings: {
          frame_ancestors: ["https://shop.example"],
          branding: { logo_url: "https://cdn.example/logo.png" },
        },
      },
    });
    expect(secure.status).toBe(200);
  });

  it("reports the URL errors together with the request's own", async () => {
    const response = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: tokenizationRequest({ amount: 0, return_url: "http://merchant.example/back" }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ return_url: ["must be https"], amount: expect.any(Array) });
  });

  it("https URLs are accepted", async () => {
    const response = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: tokenizationRequest(
        { notification_url: "https://merchant.example/hooks", return_url: "https://merchant.example/back" },
        { number: uniqueVisaNumber(seed++) },
      ),
    });
    expect(response.status).toBe(200);
  });

  it("a payment, an authorization or a payout with a plain-http URL is refused, field by field, and nothing moves", async () => {
    for (const path of ["/transactions/payments", "/transactions/authorizations"]) {
      const trackingId = `http-url-${path.split("/").at(-1)}-${seed}`;
      const response = await callJson(gateway, path, {
        shop,
        body: tokenizationRequest(
          { notification_url: "http://merchant.example/hooks", tracking_id: trackingId },
          { number: uniqueVisaNumber(seed++) },
        ),
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ notification_url: ["must be https"] });
      const found = await callJson(gateway, `/v2/transactions/tracking_id/${trackingId}`, { shop });
      expect(found.body.transactions).toEqual([]);
    }
    const credit = await callJson(gateway, "/transactions/credits", {
      shop,
      body: {
        request: {
          amount: 500,
          currency: "EUR",
          description: "Payout",
          notification_url: "http://merchant.example/hooks",
          credit_card: { number: uniqueVisaNumber(seed++), ...futureExpiry() },
        },
      },
    });
    expect(credit.status).toBe(422);
    expect(credit.body.errors).toEqual({ notification_url: ["must be https"] });
  });

  it("a checkout session with a plain-http URL is refused, and nothing is created", async () => {
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: checkoutRequest({
        success_url: "https://merchant.example/ok",
        cancel_url: "http://merchant.example/cart",
        notification_url: "http://merchant.example/hooks",
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      settings: { cancel_url: ["must be https"], notification_url: ["must be https"] },
    });
    const list = await callJson(gateway, "/ctp/api/checkouts", { shop });
    expect(list.body.checkouts).toEqual([]);
  });

  it("the hosted page pays a session made of https URLs, its own return route being this deployment's", async () => {
    const created = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: checkoutRequest({ success_url: "https://merchant.example/ok" }),
    });
    expect(created.status).toBe(201);
    const { token } = created.body.checkout;
    const paid = await callJson(gateway, "/transactions/tokenizations", {
      headers: { authorization: `Bearer ${token}` },
      body: {
        request: {
          credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...futureExpiry() },
          return_url: `http://localhost:3999/checkout/${token}/return`,
        },
      },
    });
    expect(paid.status).toBe(200);
  });
});

describe("merchant URLs in production with ALLOW_HTTP_URLS=true", () => {
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { NODE_ENV: "production", ALLOW_HTTP_URLS: "true" } });
    shop = await gateway.createShop();
  });

  afterAll(async () => {
    await gateway.close();
  });

  it("plain http is accepted for tokenizations and checkout sessions", async () => {
    const tokenized = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: tokenizationRequest(
        { notification_url: "http://merchant.example/hooks", return_url: "http://merchant.example/back" },
        { number: uniqueVisaNumber(seed++) },
      ),
    });
    expect(tokenized.status).toBe(200);
    const checkout = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: checkoutRequest({ success_url: "http://merchant.example/ok" }),
    });
    expect(checkout.status).toBe(201);
  });
});
