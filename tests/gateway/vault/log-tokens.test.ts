import { afterAll, beforeAll, expect, it } from "vitest";
import { futureExpiry, startTestGateway, type TestGateway, uniqueVisaNumber } from "../harness";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway.close();
});

it("no live checkout token reaches the log after a whole checkout flow (the access log included)", async () => {
  const shop = await gateway.createShop();
  const created = await gateway.call("/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: "tokenization",
        attempts: 2,
        order: { amount: 1200, currency: "EUR", description: "Tea" },
        settings: { success_url: "https://merchant.example/ok", cancel_url: "https://merchant.example/cart" },
      },
    },
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()).checkout;
  const bearer = { authorization: `Bearer ${token}` };

  // What the hosted page does: read the session, pay (a decline, then a success), read it again.
  expect((await gateway.call(`/ctp/api/checkouts/${token}`, { headers: bearer })).status).toBe(200);
  for (const [seed, code] of [
    [930_001, "222"],
    [930_002, "123"],
  ] as const) {
    const paid = await gateway.call("/transactions/tokenizations", {
      headers: bearer,
      body: {
        request: {
          credit_card: { number: uniqueVisaNumber(seed), verification_value: code, ...futureExpiry() },
        },
      },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
  }
  expect((await gateway.call(`/ctp/api/checkouts/${token}`, { headers: bearer })).status).toBe(200);
  // The merchant's read and a refused cancel (the session is finished) log the token's path too.
  expect((await gateway.call(`/ctp/api/checkouts/${token}`, { shop })).status).toBe(200);
  await gateway.call(`/ctp/api/checkouts/${token}/cancel`, { method: "POST", headers: bearer });

  const log = gateway.logs.join("");
  expect(log).toContain(`"path":"/gateway/ctp/api/checkouts/${token.slice(0, 8)}[REDACTED]"`);
  expect(log).not.toContain(token);
  expect(log).not.toContain(token.slice(8));
});
