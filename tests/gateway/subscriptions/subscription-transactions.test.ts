import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

const DAY = 86_400_000;
/** The sandbox issuer's frictionless card (3-D Secure Y without a challenge). */
const FRICTIONLESS_VISA = "4012000000001006";

function subscribe(seed: number, extra: Record<string, unknown> = {}) {
  return callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: {
        title: "Magazine",
        currency: "EUR",
        plan: { amount: 1999, interval: 1, interval_unit: "month" },
      },
      customer: { email: `reader${seed}@example.com`, ip: "203.0.113.7" },
      card: {
        number: uniqueVisaNumber(770_000 + seed),
        verification_value: "123",
        holder: "Jane Doe",
        ...futureExpiry(),
      },
      test: true,
      ...extra,
    },
  });
}

function transactionsOf(id: string, as: TestShop = shop, query = "") {
  return callJson(gateway, `/transactions?subscription_id=${id}${query}`, { shop: as });
}

const uidsOf = (body: JsonBody) => (body.transactions as JsonBody[]).map((transaction) => transaction.uid);

describe("GET /transactions?subscription_id=", () => {
  it("lists a subscription's first charge and its renewals, newest first, and nothing of another subscription", async () => {
    const created = await subscribe(1);
    const other = await subscribe(2);
    expect(created.body.state).toBe("active");
    const id = created.body.id;
    const first = created.body.last_transaction.uid;
    const renewed = await callJson(gateway, `/subscriptions/${id}/test_clock`, {
      shop,
      body: { advance_to: new Date(new Date(created.body.created_at).getTime() + 62 * DAY).toISOString() },
    });
    expect(renewed.body).toMatchObject({ paid_billing_cycles: 3 });
    const listed = await transactionsOf(id);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe("3");
    const uids = uidsOf(listed.body);
    expect(uids).toHaveLength(3);
    expect(uids.at(-1)).toBe(first);
    expect(uids[0]).toBe(renewed.body.last_transaction.uid);
    expect(uids).not.toContain(other.body.last_transaction.uid);
    for (const transaction of listed.body.transactions as JsonBody[]) {
      expect(transaction).toMatchObject({
        type: "payment",
        status: "successful",
        amount: 1999,
        subscription_id: id,
      });
    }
    // It combines with the other filters and pages as every list does.
    const paged = await transactionsOf(id, shop, "&per_page=1&page=2&status=successful");
    expect(uidsOf(paged.body)).toEqual([uids[1]]);
    expect(paged.headers.get("x-total-count")).toBe("3");
    expect(uidsOf((await transactionsOf(id, shop, "&status=failed")).body)).toEqual([]);
  });

  it("lists a refund of one of its charges too, which shows the charge's subscription", async () => {
    const created = await subscribe(11);
    const id = created.body.id;
    const charge = created.body.last_transaction.uid;
    const refund = await callJson(gateway, "/transactions/refunds", {
      shop,
      body: { request: { parent_uid: charge, amount: 500, reason: "Goodwill" } },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.transaction).toMatchObject({
      type: "refund",
      parent_uid: charge,
      subscription_id: id,
    });
    const listed = await transactionsOf(id);
    expect(uidsOf(listed.body)).toEqual([refund.body.transaction.uid, charge]);
    expect(listed.headers.get("x-total-count")).toBe("2");
    expect(uidsOf((await transactionsOf(id, shop, "&type=refund")).body)).toEqual([
      refund.body.transaction.uid,
    ]);
  });

  it("finds the first payment a subscription's hosted page took", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Box", currency: "USD", plan: { amount: 2500, interval: 1, interval_unit: "week" } },
        customer: { email: "hosted-reader@example.com", ip: "198.51.100.4" },
      },
    });
    expect(created.body.state).toBe("redirecting");
    const token = /\/checkout\/([0-9a-f]{64})$/.exec(created.body.redirect_url)?.[1] as string;
    const paid = await typedCardAttempt(gateway, token, {
      seed: 7_710_001,
      card: { number: FRICTIONLESS_VISA },
    });
    expect(paid.body.transaction.status).toBe("successful");
    await callJson(gateway, `/subscriptions/${created.body.id}`, { shop });
    const listed = await transactionsOf(created.body.id);
    expect(uidsOf(listed.body)).toEqual([paid.body.transaction.uid]);
  });

  it("answers an unknown or another shop's subscription with an empty list, and a malformed id with a 422", async () => {
    const created = await subscribe(3);
    const foreign = await transactionsOf(created.body.id, otherShop);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ transactions: [] });
    expect(foreign.headers.get("x-total-count")).toBe("0");
    const unknown = await transactionsOf("sbs_0000000000000000");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ transactions: [] });
    const malformed = await transactionsOf("order-1");
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ subscription_id: ["is invalid"] });
  });
});

describe("GET /subscriptions/{id}/charges", () => {
  const chargesOf = (id: string, as: TestShop = shop) =>
    callJson(gateway, `/subscriptions/${id}/charges`, { shop: as });

  it("names the billing cycle of each charge and a plan change's prorated charge, newest first", async () => {
    const created = await subscribe(4);
    const id = created.body.id;
    const start = new Date(created.body.created_at).getTime();
    // Cycles 2 and 3 renewed by the clock.
    const renewed = await callJson(gateway, `/subscriptions/${id}/test_clock`, {
      shop,
      body: { advance_to: new Date(start + 62 * DAY).toISOString() },
    });
    expect(renewed.body.paid_billing_cycles).toBe(3);
    // An upgrade during the paid period charges its prorated difference at once.
    const bigger = await callJson(gateway, "/plans", {
      shop,
      body: {
        test: true,
        title: "Bigger",
        currency: "EUR",
        plan: { amount: 2999, interval: 1, interval_unit: "month" },
      },
    });
    const upgraded = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: bigger.body.id }, proration: "now" },
    });
    expect(upgraded.status).toBe(200);
    const listed = uidsOf((await transactionsOf(id)).body);
    expect(listed).toHaveLength(4);

    const charges = await chargesOf(id);
    expect(charges.status).toBe(200);
    // The same transactions as the subscription's list, in its order, each with what it was for.
    expect(charges.body.charges.map((charge: JsonBody) => charge.uid)).toEqual(listed);
    expect(charges.body.charges.map((charge: JsonBody) => [charge.kind, charge.billing_cycle])).toEqual([
      ["plan_change", null],
      ["billing_cycle", 3],
      ["billing_cycle", 2],
      ["billing_cycle", 1],
    ]);
    expect(charges.body.charges[3].uid).toBe(created.body.last_transaction.uid);
  });

  it("names the hosted page's first payment as the first cycle's", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Box", currency: "USD", plan: { amount: 2600, interval: 1, interval_unit: "week" } },
        customer: { email: "hosted-charges@example.com", ip: "198.51.100.4" },
      },
    });
    const token = /\/checkout\/([0-9a-f]{64})$/.exec(created.body.redirect_url)?.[1] as string;
    const paid = await typedCardAttempt(gateway, token, {
      seed: 7_710_002,
      card: { number: FRICTIONLESS_VISA },
    });
    expect(paid.body.transaction.status).toBe("successful");
    // Read once, as the list's test does: the subscription takes its hosted page's outcome when it is next read.
    await callJson(gateway, `/subscriptions/${created.body.id}`, { shop });
    const charges = await chargesOf(created.body.id);
    expect(charges.body.charges).toEqual([
      {
        uid: paid.body.transaction.uid,
        kind: "billing_cycle",
        billing_cycle: 1,
        created_at: expect.any(String),
      },
    ]);
  });

  it("answers another shop's or an unknown subscription with 404", async () => {
    const created = await subscribe(5);
    expect((await chargesOf(created.body.id, otherShop)).status).toBe(404);
    expect((await chargesOf("sbs_0000000000000000")).status).toBe(404);
  });
});
