import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

let gateway: TestGateway;
let shop: TestShop;
let shop3ds: TestShop;
let challengeUid: string;
let checkoutToken: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  shop3ds = await gateway.createShop({ three_d_secure: true });
  const challenged = await gateway.call("/transactions/tokenizations", {
    shop: shop3ds,
    body: tokenizationRequest(
      { return_url: "https://merchant.example/back" },
      { number: uniqueVisaNumber(910_001) },
    ),
  });
  challengeUid = (await challenged.json()).transaction.uid;
  const checkout = await gateway.call("/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: "tokenization",
        order: { amount: 100, currency: "USD", description: "Mug" },
      },
    },
  });
  checkoutToken = (await checkout.json()).checkout.token;
});

afterAll(async () => {
  await gateway.close();
});

describe("every gateway answer is kept out of caches and never sniffed", () => {
  // One row per kind of answer: JSON data, HTML pages, documents, and every error the gateway gives.
  const routes: [string, number, () => Promise<Response>][] = [
    ["health", 200, () => gateway.call("/health")],
    ["openapi", 200, () => gateway.call("/openapi.json")],
    [
      "tokenization",
      200,
      () => gateway.call("/transactions/tokenizations", { shop, body: tokenizationRequest() }),
    ],
    ["transaction read", 200, () => gateway.call(`/transactions/${challengeUid}`, { shop: shop3ds })],
    ["customer list", 200, () => gateway.call("/customers", { shop })],
    ["shop", 200, () => gateway.call("/shop", { shop })],
    [
      "checkout read by the hosted page",
      200,
      () =>
        gateway.call(`/ctp/api/checkouts/${checkoutToken}`, {
          headers: { authorization: `Bearer ${checkoutToken}` },
        }),
    ],
    ["3-D Secure page", 200, () => gateway.call(`/process/${challengeUid}`)],
    ["3-D Secure page of an unknown transaction", 404, () => gateway.call(`/process/${crypto.randomUUID()}`)],
    [
      "validation error",
      422,
      () => gateway.call("/transactions/tokenizations", { shop, body: { request: {} } }),
    ],
    ["no credentials", 401, () => gateway.call("/shop")],
    ["body not JSON", 400, () => gateway.call("/transactions/tokenizations", { shop, body: "{" })],
    [
      "wrong content type",
      415,
      () =>
        gateway.call("/transactions/tokenizations", {
          shop,
          body: "a=b",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
    ],
    ["unknown record", 404, () => gateway.call(`/transactions/${crypto.randomUUID()}`, { shop })],
    ["unknown path", 404, () => gateway.call("/no/such/path")],
    ["wrong method", 405, () => gateway.call("/health", { method: "DELETE" })],
  ];

  it.each(routes)("%s (%i)", async (_name, status, call) => {
    const response = await call();
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
