import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_URL_FOR_THREE_D_SECURE } from "@/lib/contracts/subscription";
import { cards, subscriptions, transactions } from "@/lib/db/schema";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/**
 * `POST /subscriptions` with card data on a 3-D Secure shop: the request names `return_url` (a 422 names it when
 * missing), the subscription is `redirecting` to the issuer's challenge, and once its holder passes it the card is
 * the subscription's and the first cycle is charged.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 0;
const RETURN_URL = "https://merchant.example/subscribed?order=7";

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({ three_d_secure: true }, "3-D Secure Shop");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

function subscribe(number: string, overrides: Record<string, unknown> = {}) {
  seed += 1;
  return callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: { title: "Box", currency: "EUR", plan: { amount: 1500, interval: 1, interval_unit: "month" } },
      customer: { email: `secure${seed}@example.com`, ip: "203.0.113.7" },
      card: { number, verification_value: "123", ...futureExpiry() },
      ...overrides,
    },
  });
}

async function counts() {
  const db = gateway.runtime.deps.db;
  const [[s], [t], [c]] = await Promise.all([
    db.select({ n: count() }).from(subscriptions),
    db.select({ n: count() }).from(transactions),
    db.select({ n: count() }).from(cards),
  ]);
  return [s.n, t.n, c.n].map(Number);
}

describe("a card-data subscription on a 3-D Secure shop", () => {
  it("without return_url is a 422 naming it, and nothing is written", async () => {
    const before = await counts();
    const refused = await subscribe("4012000000001097");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ return_url: [RETURN_URL_FOR_THREE_D_SECURE] });
    expect(await counts()).toEqual(before);
  });

  it("with return_url redirects to the challenge; passed, the card is kept and cycle 1 charged once", async () => {
    const created = await subscribe("4012000000001097", { return_url: RETURN_URL });
    expect(created.status).toBe(201);
    const uid = created.body.last_transaction.uid;
    expect(created.body).toMatchObject({
      state: "redirecting",
      card: null,
      paid_billing_cycles: 0,
      redirect_url: `http://localhost:3999/gateway/process/${uid}`,
      last_transaction: { status: "incomplete" },
    });
    // Not settled while the challenge is open.
    expect((await callJson(gateway, `/subscriptions/${created.body.id}`, { shop })).body.state).toBe(
      "redirecting",
    );

    const code = shownCode((await openPage(gateway, uid)).html);
    const answer = await submitForm(gateway, uid, { code, action: "confirm" });
    expect(answer.status).toBe(303);
    const back = new URL(answer.location as string);
    expect(`${back.origin}${back.pathname}`).toBe("https://merchant.example/subscribed");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ order: "7", id: created.body.id, uid });

    // Two reads at once settle it once: one charge.
    await Promise.all([
      callJson(gateway, `/subscriptions/${created.body.id}`, { shop }),
      callJson(gateway, `/subscriptions/${created.body.id}`, { shop }),
    ]);
    const settled = (await callJson(gateway, `/subscriptions/${created.body.id}`, { shop })).body;
    expect(settled).toMatchObject({
      state: "active",
      paid_billing_cycles: 1,
      card: { last_4: "1097" },
      last_transaction: { status: "successful" },
    });
    expect(settled).not.toHaveProperty("redirect_url");
    const charges = await callJson(gateway, `/transactions?subscription_id=${created.body.id}`, { shop });
    expect(
      charges.body.transactions.map((t: { type: string; amount: number; status: string }) => [
        t.type,
        t.amount,
        t.status,
      ]),
    ).toEqual([["payment", 1500, "successful"]]);
  });

  it("whose holder fails the challenge ends failed, nothing charged", async () => {
    // Any card the sandbox issuer does not list is challenged.
    const created = await subscribe(uniqueVisaNumber(4_400_001), { return_url: RETURN_URL });
    expect(created.status).toBe(201);
    const uid = created.body.last_transaction.uid;
    await openPage(gateway, uid);
    for (let i = 0; i < 3; i++) await submitForm(gateway, uid, { code: "000000", action: "confirm" });
    const settled = (await callJson(gateway, `/subscriptions/${created.body.id}`, { shop })).body;
    expect(settled).toMatchObject({ state: "failed", card: null, paid_billing_cycles: 0 });
    const charges = await callJson(gateway, `/transactions?subscription_id=${created.body.id}`, { shop });
    expect(charges.body.transactions.filter((t: { type: string }) => t.type === "payment")).toEqual([]);
  });

  it("with a card that passes without a challenge is active at once", async () => {
    const created = await subscribe("4012000000001006", { return_url: RETURN_URL });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "active", paid_billing_cycles: 1 });
    expect(created.body).not.toHaveProperty("redirect_url");
  });
});
