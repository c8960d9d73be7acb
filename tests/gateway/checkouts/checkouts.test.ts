import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  type JsonBody,
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

const clock = new ManualClock(new Date("2030-03-01T10:00:00.000Z"));
/** A card expiry after the test clock's date. */
const EXPIRY = { exp_month: "12", exp_year: "2035" };
let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let seed = 910_000;

beforeAll(async () => {
  gateway = await startTestGateway({ clock });
  [shop, otherShop] = await Promise.all([
    gateway.createShop({ branding: { name: "Acme Books" } }),
    gateway.createShop({}, "Other Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

function checkoutRequest(overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) {
  return {
    checkout: {
      transaction_type: "tokenization",
      attempts: 2,
      order: { amount: 4599, currency: "USD", description: "Two books", tracking_id: "order-77", ...order },
      settings: {
        success_url: "https://merchant.example/success?ref=1",
        decline_url: "https://merchant.example/decline",
        cancel_url: "https://merchant.example/cancel",
        notification_url: "https://merchant.example/hooks",
        language: "de",
        customer_fields: { visible: ["email", "country"], read_only: ["email"] },
      },
      customer: { email: "jane@example.com", country: "DE" },
      ...overrides,
    },
  };
}

async function createCheckout(overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) {
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: checkoutRequest(overrides, order),
  });
  expect(response.status).toBe(201);
  return response.body.checkout.token as string;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

function pay(token: string, card: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return callJson(gateway, "/transactions/tokenizations", {
    headers: bearer(token),
    body: {
      request: {
        credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY, ...card },
        // The page's own return route: the only return_url besides the session's URLs a token may name.
        return_url: `http://localhost:3999/checkout/${token}/return`,
        ...extra,
      },
    },
  });
}

async function shopperView(token: string): Promise<JsonBody> {
  const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, { headers: bearer(token) });
  expect(response.status).toBe(200);
  return response.body.checkout;
}

async function merchantView(token: string): Promise<JsonBody> {
  const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop });
  expect(response.status).toBe(200);
  return response.body.checkout;
}

describe("POST /ctp/api/checkouts", () => {
  it("creates a session and answers 201 with its token and the hosted page's URL in beGateway's widget form", async () => {
    const response = await callJson(gateway, "/ctp/api/checkouts", { shop, body: checkoutRequest() });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body.checkout).sort()).toEqual(["redirect_url", "token"]);
    expect(response.body.checkout.token).toMatch(/^[0-9a-f]{64}$/);
    expect(response.body.checkout.redirect_url).toMatch(
      new RegExp(`^https?://[^/]+/widget/hpp\\.html\\?token=${response.body.checkout.token}$`),
    );
  });

  it.each(["credit", "refund", "sale"])("refuses the transaction type %s", async (type) => {
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: checkoutRequest({ transaction_type: type }),
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Transaction type is not supported",
      errors: { transaction_type: ["is not supported"] },
    });
  });

  it("reports every invalid order and settings field at once", async () => {
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          attempts: 0,
          order: { amount: 0, currency: "XXX", description: "", expired_at: "2020-01-01T00:00:00Z" },
          settings: { success_url: "ftp://x", customer_fields: { visible: ["shoe_size"] }, auto_return: 601 },
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      attempts: ["must be greater than or equal to 1"],
      order: {
        amount: ["must be greater than 0"],
        currency: ["is invalid"],
        description: ["can't be blank"],
        expired_at: ["must be in the future"],
      },
      settings: {
        success_url: ["is invalid"],
        customer_fields: { visible: { "0": ["is not included in the list"] } },
        auto_return: ["must be less than or equal to 600"],
      },
    });
  });

  it("refuses a customer e-mail that is not an address, where the merchant first gives it", async () => {
    for (const email of ["not-an-email", "jane@", "@example.com"]) {
      const response = await callJson(gateway, "/ctp/api/checkouts", {
        shop,
        body: checkoutRequest({ customer: { email, country: "DE" } }),
      });
      expect(response.status, email).toBe(422);
      expect(response.body).toEqual({
        message: "Email is invalid",
        errors: { customer: { email: ["is invalid"] } },
      });
    }
  });

  it("needs the shop's credentials", async () => {
    const response = await callJson(gateway, "/ctp/api/checkouts", { body: checkoutRequest() });
    expect(response.status).toBe(401);
  });

  it("refuses another shop's stored card as the payment method", async () => {
    const stored = await postTokenization(
      gateway,
      otherShop,
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++), ...EXPIRY }),
    );
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: checkoutRequest({
        payment_method: { credit_card: { token: stored.body.transaction.credit_card.token } },
      }),
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: {
        message: "Token does not exist.",
        errors: { payment_method: { credit_card: { token: ["Token does not exist."] } } },
      },
    });
  });
});

describe("GET /ctp/api/checkouts/{token}", () => {
  it("gives the merchant the whole session", async () => {
    const token = await createCheckout();
    const view = await merchantView(token);
    expect(view).toMatchObject({
      token,
      shop_id: shop.id,
      transaction_type: "tokenization",
      status: "pending",
      finished: false,
      expired: false,
      message: null,
      test: true,
      attempts: 2,
      attempts_used: 0,
      expired_at: "2030-03-02T10:00:00.000Z",
      gateway_response: null,
      payment_method: null,
    });
    expect(view.order).toMatchObject({ amount: 4599, currency: "USD", tracking_id: "order-77" });
    expect(view.settings.notification_url).toBe("https://merchant.example/hooks");
  });

  it("gives the hosted page only what the shopper may see", async () => {
    const token = await createCheckout();
    const view = await shopperView(token);
    expect(view).toMatchObject({
      token,
      status: "pending",
      attempts_left: 2,
      language: "de",
      shop: { name: "Acme Books", logo_url: null, color: null },
      order: { amount: 4599, currency: "USD", description: "Two books", tracking_id: "order-77" },
      customer_fields: { visible: ["email", "country"], required: [], read_only: ["email"] },
      customer: { email: "jane@example.com", country: "DE" },
      saved_card: null,
      last_transaction: null,
    });
    expect(JSON.stringify(view)).not.toContain("merchant.example/hooks");
  });

  it("says a session past its expiry is expired", async () => {
    const token = await createCheckout({}, { expired_at: "2030-03-01T10:05:00Z" });
    clock.advance(5 * 60 * 1000);
    try {
      const view = await merchantView(token);
      expect(view).toMatchObject({
        status: "error",
        expired: true,
        finished: false,
        message: "Token is expired.",
      });
      const attempt = await pay(token);
      expect(attempt.status).toBe(422);
      expect(attempt.body).toEqual({ message: "Token is expired.", errors: { base: ["Token is expired."] } });
    } finally {
      clock.advance(-5 * 60 * 1000);
    }
  });

  it("answers 404 for another shop's session and for unknown tokens", async () => {
    const token = await createCheckout();
    expect((await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop: otherShop })).status).toBe(404);
    expect((await callJson(gateway, `/ctp/api/checkouts/${"0".repeat(64)}`, { shop })).body).toEqual({
      message: "Record not found",
    });
  });
});

describe("paying through a session with its token", () => {
  it("takes amount, currency and URLs from the session, whatever the page sends", async () => {
    const token = await createCheckout();
    const attempt = await pay(
      token,
      {},
      { amount: 1, currency: "EUR", notification_url: "https://evil.example/" },
    );
    expect(attempt.status).toBe(200);
    const transaction = (await callJson(gateway, `/transactions/${attempt.body.transaction.uid}`, { shop }))
      .body.transaction;
    expect(transaction).toMatchObject({
      status: "successful",
      amount: 4599,
      currency: "USD",
      description: "Two books",
      tracking_id: "order-77",
      language: "de",
      notification_url: "https://merchant.example/hooks",
      test: true,
    });
    const view = await merchantView(token);
    expect(view).toMatchObject({ status: "successful", finished: true, attempts_used: 1 });
    expect(view.gateway_response.transaction.uid).toBe(transaction.uid);
  });

  it("lets the page read its own transactions and no others", async () => {
    const token = await createCheckout();
    const own = (await pay(token)).body.transaction.uid;
    const foreign = (
      await postTokenization(
        gateway,
        shop,
        tokenizationRequest({}, { number: uniqueVisaNumber(seed++), ...EXPIRY }),
      )
    ).body.transaction.uid;
    expect((await callJson(gateway, `/transactions/${own}`, { headers: bearer(token) })).status).toBe(200);
    expect((await callJson(gateway, `/transactions/${foreign}`, { headers: bearer(token) })).status).toBe(
      404,
    );
  });

  it("allows the token nothing beyond its session", async () => {
    const token = await createCheckout();
    const other = await createCheckout();
    const denied: JsonResponse[] = await Promise.all([
      callJson(gateway, "/v2/transactions/tracking_id/order-77", { headers: bearer(token) }),
      callJson(gateway, `/ctp/api/checkouts/${other}`, { headers: bearer(token) }),
      callJson(gateway, "/ctp/api/checkouts", { headers: bearer(token), body: checkoutRequest() }),
      callJson(gateway, "/ctp/api/checkouts/", { headers: bearer("f".repeat(64)), method: "GET" }),
    ]);
    for (const response of denied) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Access denied", errors: { base: ["Access denied"] } });
    }
  });

  it("gives another try after a decline while attempts remain, then finishes", async () => {
    const token = await createCheckout();
    const first = await pay(token, { number: "4005550000000019" });
    expect(first.body.transaction.status).toBe("failed");
    expect(await shopperView(token)).toMatchObject({
      status: "pending",
      finished: false,
      attempts_left: 1,
      message: first.body.transaction.message,
      last_transaction: { status: "failed", credit_card: { last_4: "0019" } },
    });
    const second = await pay(token, { verification_value: "222" });
    expect(second.body.transaction.status).toBe("failed");
    expect(await merchantView(token)).toMatchObject({ status: "failed", finished: true, attempts_used: 2 });
    const third = await pay(token);
    expect(third.status).toBe(422);
    expect(third.body).toEqual({
      message: "Checkout is finished",
      errors: { base: ["Checkout is finished"] },
    });
  });

  it("does not count a request the gateway rejects as invalid", async () => {
    const token = await createCheckout();
    const invalid = await pay(token, { number: "4200000000000001" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ credit_card: { number: ["is invalid"] } });
    expect(await merchantView(token)).toMatchObject({ status: "pending", attempts_used: 0 });
  });

  it("refuses a second attempt while one is in progress on the same session", async () => {
    const token = await createCheckout();
    const results = await Promise.all([pay(token), pay(token), pay(token)]);
    // Exactly one attempt is processed; the others are refused as concurrent (or, if they arrive after it
    // ended, because the session is finished).
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    const refused = results.filter((result) => result.status !== 200);
    for (const result of refused) expect([409, 422]).toContain(result.status);
    const conflict = refused.find((result) => result.status === 409);
    if (conflict) {
      expect(conflict.body).toEqual({
        message: "Another payment attempt is in progress",
        errors: { base: ["Another payment attempt is in progress"] },
      });
    }
    expect(await merchantView(token)).toMatchObject({ attempts_used: 1, status: "successful" });
  });
});

describe("POST /ctp/api/checkouts/{token}/cancel", () => {
  it("fails the session so it cannot be paid any more", async () => {
    const token = await createCheckout();
    const response = await callJson(gateway, `/ctp/api/checkouts/${token}/cancel`, {
      method: "POST",
      headers: bearer(token),
    });
    expect(response.status).toBe(200);
    expect(response.body.checkout).toMatchObject({
      status: "failed",
      finished: true,
      message: "Canceled by the shopper",
      return_urls: { cancel_url: "https://merchant.example/cancel" },
    });
    expect((await pay(token)).status).toBe(422);
    const again = await callJson(gateway, `/ctp/api/checkouts/${token}/cancel`, {
      method: "POST",
      headers: bearer(token),
    });
    expect(again.status).toBe(422);
  });
});

describe("GET /ctp/api/checkouts", () => {
  it("lists the shop's sessions newest first with pagination headers", async () => {
    const listShop = await gateway.createShop({}, "Lister");
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      const response = await callJson(gateway, "/ctp/api/checkouts", {
        shop: listShop,
        body: checkoutRequest(),
      });
      tokens.push(response.body.checkout.token);
    }
    const page = await callJson(gateway, "/ctp/api/checkouts?per_page=2", { shop: listShop });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body.checkouts.map((checkout: JsonBody) => checkout.token)).toEqual([tokens[2], tokens[1]]);
    expect(page.headers.get("link")).toContain('rel="next"');
    const bad = await callJson(gateway, "/ctp/api/checkouts?per_page=501", { shop: listShop });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ per_page: ["must be less than or equal to 500"] });
  });
});

describe("OpenAPI document", () => {
  it("describes the checkout endpoints with the request schema that validates them", async () => {
    const response = await callJson(gateway, "/openapi.json");
    const document = response.body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/ctp/api/checkouts",
        "/ctp/api/checkouts/{token}",
        "/ctp/api/checkouts/{token}/cancel",
      ]),
    );
    const checkout = document.components.schemas.CheckoutRequest.properties.checkout;
    expect(checkout.required).toEqual(expect.arrayContaining(["transaction_type", "order"]));
    expect(document.components.securitySchemes.checkoutBearer.scheme).toBe("bearer");
  });
});
