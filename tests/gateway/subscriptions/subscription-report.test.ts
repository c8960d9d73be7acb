import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionsClient } from "@/lib/gateway-client/subscriptions";
import { typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/** GET /reports/subscriptions: MRR per currency, counts by state, failing subscriptions recovered. */

let gateway: TestGateway;
let shop: TestShop;
let seed = 9_900_001;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({}, "Report Shop");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

const DAY = 86_400_000;

async function subscribe(
  plan: Record<string, unknown>,
  card: Record<string, unknown> = {},
): Promise<JsonBody> {
  seed += 1;
  const created = await callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: { title: "Plan", ...plan },
      customer: { email: `report${seed}@example.com`, ip: "198.51.100.7" },
      card: { number: uniqueVisaNumber(seed), verification_value: "123", ...futureExpiry(), ...card },
      test: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function report(query = "?test=true") {
  const response = await callJson(gateway, `/reports/subscriptions${query}`, { shop });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("GET /reports/subscriptions", () => {
  it("is empty for a shop without subscriptions, and refuses a bad test flag", async () => {
    expect(await report()).toEqual({
      mrr: [],
      states: {},
      recovered: { cycles: 0, subscriptions: 0, amounts: [] },
    });
    const bad = await callJson(gateway, "/reports/subscriptions?test=maybe", { shop });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ test: [expect.any(String)] });
  });

  it("normalises active subscriptions to a month per currency, and counts failing ones won back", async () => {
    await subscribe({ currency: "EUR", plan: { amount: 999, interval: 1, interval_unit: "month" } });
    await subscribe({ currency: "EUR", plan: { amount: 12_000, interval: 1, interval_unit: "year" } });
    await subscribe({ currency: "USD", plan: { amount: 1200, interval: 1, interval_unit: "week" } });
    await subscribe({ currency: "USD", plan: { amount: 3000, interval: 3, interval_unit: "month" } });
    const canceled = await subscribe({
      currency: "USD",
      plan: { amount: 5000, interval: 1, interval_unit: "month" },
    });
    await callJson(gateway, `/subscriptions/${canceled.id}/cancel`, {
      shop,
      body: { cancel_reason: "moved" },
    });

    // A trial that ends on insufficient funds fails, then its card is replaced through the link and it is paid.
    const failing = await subscribe(
      {
        currency: "EUR",
        plan: { amount: 1500, interval: 1, interval_unit: "month" },
        trial: { amount: 0, interval: 3, interval_unit: "day" },
      },
      { number: "4005550000000027" },
    );
    const advanced = await callJson(gateway, `/subscriptions/${failing.id}/test_clock`, {
      shop,
      body: { advance_to: new Date(Date.now() + 3.5 * DAY).toISOString() },
    });
    expect(advanced.body.state).toBe("failed_attempt");
    let middle = await report();
    expect(middle.states).toMatchObject({ active: 4, canceled: 1, failed_attempt: 1 });
    expect(middle.recovered).toEqual({ cycles: 0, subscriptions: 0, amounts: [] });

    const link = await fetch(
      advanced.body.card_update_url.replace("http://localhost:3999/gateway", gateway.url),
      {
        redirect: "manual",
      },
    );
    const token = /([0-9a-f]{64})$/.exec(String(link.headers.get("location")))?.[1] ?? "";
    // The card-update page authenticates the card with 3-D Secure: the sandbox issuer's "attempted" Mastercard passes.
    const stored = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: "5204240000015011" },
    });
    expect(stored.body.transaction.status).toBe("successful");
    await gateway.runtime.subscriptions.runOnce();
    expect((await callJson(gateway, `/subscriptions/${failing.id}`, { shop })).body.state).toBe("active");

    middle = await report();
    expect(middle.states).toEqual({ active: 5, canceled: 1 });
    // EUR: 999 + 12000/12 + 1500 = 3499. USD: 1200 × 52/12 = 5200, 3000/3 = 1000: 6200.
    expect(middle.mrr).toEqual([
      { currency: "EUR", amount: "3499", subscriptions: 3 },
      { currency: "USD", amount: "6200", subscriptions: 2 },
    ]);
    expect(middle.recovered).toEqual({
      cycles: 1,
      subscriptions: 1,
      amounts: [{ currency: "EUR", amount: "1500" }],
    });

    // Another shop's report has none of these.
    const other = await gateway.createShop({}, "Other Report Shop");
    const elsewhere = await callJson(gateway, "/reports/subscriptions", { shop: other });
    expect(elsewhere.body).toEqual({
      mrr: [],
      states: {},
      recovered: { cycles: 0, subscriptions: 0, amounts: [] },
    });
  });
});

describe("the dashboard's subscriptions, live or test as its switch says", () => {
  it("reads a live shop's live subscriptions by default, and its test ones with test", async () => {
    const live = await gateway.createShop({}, "Live Report Shop", { test: false });
    const subscribeAs = async (test: boolean, amount: number) => {
      seed += 1;
      const created = await callJson(gateway, "/subscriptions", {
        shop: live,
        body: {
          plan: {
            title: "Plan",
            currency: "EUR",
            plan: { amount, interval: 1, interval_unit: "month" },
            test,
          },
          customer: { email: `live${seed}@example.com`, ip: "198.51.100.7" },
          card: { number: uniqueVisaNumber(seed), verification_value: "123", ...futureExpiry() },
          test,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    };
    await subscribeAs(false, 2500);
    await subscribeAs(true, 700);
    const client = subscriptionsClient({ baseUrl: gateway.url });
    const credentials = { shopId: live.id, secretKey: live.secretKey };
    const liveReport = await client.subscriptionReport(credentials);
    expect(liveReport.ok && liveReport.data.mrr).toEqual([
      { currency: "EUR", amount: "2500", subscriptions: 1 },
    ]);
    const testReport = await client.subscriptionReport(credentials, { test: true });
    expect(testReport.ok && testReport.data.mrr).toEqual([
      { currency: "EUR", amount: "700", subscriptions: 1 },
    ]);
  });
});
