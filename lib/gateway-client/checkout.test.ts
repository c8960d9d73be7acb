import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCELED_BY_SHOPPER } from "@/lib/contracts/checkout";
import { startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "@/tests/gateway/harness";
import { type CheckoutClient, checkoutClient } from "./checkout";
import type { GatewayResult } from "./http";

/**
 * The client against the real gateway (PGlite in memory, or PostgreSQL with TEST_DATABASE=postgres), and against
 * a misbehaving local server for what the real one never does.
 */

const EXPIRY = { exp_month: "12", exp_year: String(new Date().getUTCFullYear() + 2) };
let gateway: TestGateway;
let shop: TestShop;
let threeDsShop: TestShop;
let client: CheckoutClient;
let seed = 5_400_000;

function ok<T>(result: GatewayResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.kind}: ${result.message}`);
  return result.data;
}

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, threeDsShop] = await Promise.all([
    gateway.createShop({ branding: { name: "Harbour Tours", color: "#0d7a5f", logo_url: null } }),
    gateway.createShop({ three_d_secure: true }, "Secure Shop"),
  ]);
  client = checkoutClient({ baseUrl: gateway.url });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
}, 60_000);

/** The hosted page's own return route (the gateway's PUBLIC_URL in tests): a return_url the token may name. */
function returnRoute(token: string): string {
  return `http://localhost:3999/checkout/${token}/return`;
}

async function newSession(owner: TestShop = shop, attempts = 2) {
  return ok(
    await client.createCheckout(
      { shopId: owner.id, secretKey: owner.secretKey },
      {
        transaction_type: "tokenization",
        attempts,
        order: { amount: 2500 + seed, currency: "EUR", description: "Harbour tour" },
        settings: {
          success_url: "https://merchant.example/ok",
          language: "de",
          customer_fields: { visible: ["country", "zip"], read_only: [] },
        },
      },
    ),
  );
}

describe("checkout client against the gateway", { timeout: 30_000 }, () => {
  it("creates a session and reads the shopper's view with the session token", async () => {
    const created = await newSession();
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
    expect(created.redirect_url).toBe(`http://localhost:3999/widget/hpp.html?token=${created.token}`);

    const view = ok(await client.getCheckout(created.token));
    expect(view).toMatchObject({
      token: created.token,
      status: "pending",
      finished: false,
      attempts_left: 2,
      language: "de",
      shop: { name: "Harbour Tours", color: "#0d7a5f" },
      order: { currency: "EUR", description: "Harbour tour" },
    });
    const merchant = ok(
      await client.getMerchantCheckout({ shopId: shop.id, secretKey: shop.secretKey }, created.token),
    );
    expect(merchant.shop_id).toBe(shop.id);
  });

  it("pays, and reads only that session's transaction", async () => {
    const created = await newSession();
    const transaction = ok(
      await client.payCheckout(created.token, {
        credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
        language: "de",
        return_url: returnRoute(created.token),
      }),
    );
    expect(transaction.status).toBe("successful");
    expect(ok(await client.getCheckoutTransaction(created.token, transaction.uid)).uid).toBe(transaction.uid);

    const other = await newSession();
    const foreign = await client.getCheckoutTransaction(other.token, transaction.uid);
    expect(foreign).toMatchObject({ ok: false, kind: "not_found", status: 404 });
    expect(ok(await client.getCheckout(created.token)).status).toBe("successful");
  });

  it("returns the gateway's 422 errors in the request's shape", async () => {
    const created = await newSession();
    const result = await client.payCheckout(created.token, {
      credit_card: { number: "4200000000000001", verification_value: "12", ...EXPIRY },
      billing_address: { country: "US", zip: "123" },
    });
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      status: 422,
      errors: { credit_card: { number: ["is invalid"] }, billing_address: { zip: ["is invalid"] } },
    });
    // Nothing was processed: the attempt is still there.
    expect(ok(await client.getCheckout(created.token)).attempts_left).toBe(2);
  });

  it("answers conflict while a 3-D Secure attempt of the session is in progress", async () => {
    const created = await newSession(threeDsShop);
    const card = { number: "4012000000001097", verification_value: "123", ...EXPIRY };
    const first = ok(
      await client.payCheckout(created.token, { credit_card: card, return_url: returnRoute(created.token) }),
    );
    expect(first.status).toBe("incomplete");
    const second = await client.payCheckout(created.token, {
      credit_card: card,
      return_url: returnRoute(created.token),
    });
    expect(second).toMatchObject({ ok: false, kind: "conflict", status: 409 });
  });

  it("cancels a session, which then takes no payment", async () => {
    const created = await newSession();
    const view = ok(await client.cancelCheckout(created.token));
    expect(view).toMatchObject({ status: "failed", finished: true, message: CANCELED_BY_SHOPPER });
    const refused = await client.payCheckout(created.token, {
      credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
    });
    expect(refused).toMatchObject({ ok: false, kind: "invalid", errors: { base: ["Checkout is finished"] } });
  });

  it("reads an unknown or malformed token as not found, without calling out for a malformed one", async () => {
    expect(await client.getCheckout("ab".repeat(32))).toMatchObject({ ok: false, kind: "not_found" });
    expect(await client.getCheckout("../shop")).toMatchObject({ ok: false, kind: "not_found" });
    expect(await client.cancelCheckout("x")).toMatchObject({ ok: false, kind: "not_found" });
  });

  it("reports wrong shop credentials as unauthorized", async () => {
    const result = await client.createCheckout(
      { shopId: shop.id, secretKey: "wrong" },
      { transaction_type: "tokenization", order: { amount: 1, currency: "EUR", description: "x" } },
    );
    expect(result).toMatchObject({ ok: false, kind: "unauthorized", status: 401 });
  });
});

describe("checkout client against a misbehaving server", () => {
  let server: http.Server;
  let baseUrl: string;
  let answer: (response: http.ServerResponse) => void = () => {};
  const seen: { authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen.push({ authorization: request.headers.authorization, body });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`;
  });

  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const token = "c0".repeat(32);

  it("sends the session token as a bearer credential and the request under `request`", async () => {
    answer = (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ transaction: { uid: "u", status: "failed" } }));
    };
    const result = await checkoutClient({ baseUrl }).payCheckout(token, {
      credit_card: { number: "4200000000000000" },
    });
    expect(result).toMatchObject({ ok: true, data: { uid: "u", status: "failed" } });
    const last = seen.at(-1);
    expect(last?.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(last?.body ?? "{}")).toEqual({
      request: { credit_card: { number: "4200000000000000" } },
    });
  });

  it("sends shop credentials as HTTP Basic", async () => {
    answer = (response) => {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ checkout: { token, redirect_url: "https://pay.example/x" } }));
    };
    await checkoutClient({ baseUrl }).createCheckout(
      { shopId: 7, secretKey: "sëcret" },
      { transaction_type: "tokenization", order: { amount: 1, currency: "EUR", description: "x" } },
    );
    expect(seen.at(-1)?.authorization).toBe(`Basic ${Buffer.from("7:sëcret").toString("base64")}`);
  });

  it("treats a 500, a body that is not the protocol's and an unreachable gateway as unavailable", async () => {
    answer = (response) => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end("boom");
    };
    expect(await checkoutClient({ baseUrl }).getCheckout(token)).toMatchObject({
      ok: false,
      kind: "unavailable",
      status: 500,
    });
    answer = (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"something":"else"}');
    };
    expect(await checkoutClient({ baseUrl }).getCheckout(token)).toMatchObject({
      ok: false,
      kind: "unavailable",
      status: 200,
    });
    const closed = await checkoutClient({ baseUrl: "http://127.0.0.1:9/gateway" }).getCheckout(token);
    expect(closed).toMatchObject({
      ok: false,
      kind: "unavailable",
      status: null,
      message: "Gateway unreachable",
    });
  });

  it("gives up after the timeout", async () => {
    answer = () => {};
    const result = await checkoutClient({ baseUrl, timeoutMs: 200 }).getCheckout(token);
    expect(result).toMatchObject({ ok: false, kind: "unavailable", message: "Gateway timed out" });
  });

  it("reads 429 with its Retry-After", async () => {
    answer = (response) => {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "42" });
      response.end('{"message":"Too many requests","errors":{"base":["Too many requests"]}}');
    };
    expect(await checkoutClient({ baseUrl }).getCheckout(token)).toMatchObject({
      ok: false,
      kind: "rate_limited",
      retryAfterSeconds: 42,
    });
  });
});
