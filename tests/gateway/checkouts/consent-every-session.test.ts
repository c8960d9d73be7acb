import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import { shopperCheckout, typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
} from "../harness";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/**
 * The stored-credential notice on every kind of session that keeps the card for the shop's later charges, not only
 * a checkout session the merchant made: a product's payment link with contract `recurring`, a plan's link and a
 * subscription's own page (paid frictionless or after a challenge), and a subscription's card update link. Each
 * page's view says so (`keeps_card`, which the page draws before its button), and the card it stores records that
 * the notice was shown.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 9_300_001;

const FRICTIONLESS_MASTERCARD = "5204240000015003";
const CHALLENGED_VISA = "4012000000001097";

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({}, "Harbour Club");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

/** A visit as a browser makes it (no credentials), not following the redirect: the session token it opens. */
async function open(path: string): Promise<string> {
  const response = await fetch(`${gateway.url}${path}`, { redirect: "manual" });
  expect(response.status).toBe(303);
  const token = /(?:\/checkout\/|token=)([0-9a-f]{64})$/.exec(response.headers.get("location") ?? "")?.[1];
  expect(token).toEqual(expect.any(String));
  return token as string;
}

async function cardWithToken(token: string) {
  const [row] = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
  return row;
}

async function cardOfTransaction(uid: string) {
  const [row] = await gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  expect(row.cardToken).toEqual(expect.any(String));
  return cardWithToken(row.cardToken as string);
}

async function createSubscription(body: Record<string, unknown> = {}): Promise<JsonBody> {
  const response = await callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: {
        title: "Harbour pass",
        currency: "EUR",
        plan: { amount: 1900, interval: 1, interval_unit: "month" },
      },
      customer: { email: "sailor@example.com", ip: "203.0.113.7" },
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe("the notice that the card is kept, on every session that keeps it", () => {
  it("a product's payment link with contract recurring", async () => {
    const product = await callJson(gateway, "/products", {
      shop,
      body: {
        name: "Harbour pass",
        description: "Renewed by the harbour",
        amount: 1500,
        currency: "EUR",
        infinite: true,
        additional_data: { contract: ["recurring"] },
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const token = await open(`/products/${product.body.id}/pay`);
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(true);
    const paid = await typedCardAttempt(gateway, token, { seed: seed++ });
    expect(paid.body.transaction?.status, JSON.stringify(paid.body)).toBe("successful");
    const card = await cardOfTransaction(paid.body.transaction.uid);
    expect(card).toMatchObject({ contract: ["recurring"], consentShown: true });
  });

  it("a product's payment link without one says nothing and records nothing", async () => {
    const product = await callJson(gateway, "/products", {
      shop,
      body: { name: "Day ticket", description: "Once", amount: 1600, currency: "EUR", infinite: true },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const token = await open(`/products/${product.body.id}/pay`);
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(false);
    const paid = await typedCardAttempt(gateway, token, { seed: seed++ });
    expect(paid.body.transaction?.status, JSON.stringify(paid.body)).toBe("successful");
    expect((await cardOfTransaction(paid.body.transaction.uid)).consentShown).toBe(false);
  });

  it("a plan's link: the subscription's first payment, 3-D Secure frictionless", async () => {
    const plan = await callJson(gateway, "/plans", {
      shop,
      body: {
        title: "Coffee club",
        currency: "EUR",
        plan: { amount: 999, interval: 1, interval_unit: "month" },
      },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const token = await open(`/plans/${plan.body.id}/pay`);
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(true);
    const paid = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: FRICTIONLESS_MASTERCARD },
      request: { customer: { email: "ada@example.com" } },
    });
    expect(paid.body.transaction?.status, JSON.stringify(paid.body)).toBe("successful");
    const card = await cardOfTransaction(paid.body.transaction.uid);
    expect(card).toMatchObject({ contract: ["recurring"], consentShown: true });
  });

  it("a subscription's own page, paid after a 3-D Secure challenge the shopper passes", async () => {
    const created = await createSubscription();
    const token = /\/checkout\/([0-9a-f]{64})$/.exec(created.redirect_url)?.[1] as string;
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(true);
    const started = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: CHALLENGED_VISA },
    });
    expect(started.body.transaction?.status, JSON.stringify(started.body)).toBe("incomplete");
    const uid = started.body.transaction.uid;
    const code = shownCode((await openPage(gateway, uid)).html);
    expect((await submitForm(gateway, uid, { code, action: "confirm" })).status).toBe(303);
    const card = await cardOfTransaction(uid);
    expect(card).toMatchObject({ contract: ["recurring"], consentShown: true });
  });

  it("a subscription's card update link", async () => {
    const created = await createSubscription({
      card: { number: "4005550000000027", verification_value: "123", ...futureExpiry() },
      plan: {
        title: "Club",
        currency: "EUR",
        plan: { amount: 1200, interval: 1, interval_unit: "month" },
        trial: { amount: 0, interval: 3, interval_unit: "day" },
      },
    });
    const link = await fetch(created.card_update_url.replace("http://localhost:3999/gateway", gateway.url), {
      redirect: "manual",
    });
    expect(link.status).toBe(303);
    const token = /\/checkout\/([0-9a-f]{64})$/.exec(String(link.headers.get("location")))?.[1] as string;
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(true);
    const stored = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: FRICTIONLESS_MASTERCARD },
    });
    expect(stored.body.transaction?.status, JSON.stringify(stored.body)).toBe("successful");
    const card = await cardOfTransaction(stored.body.transaction.uid);
    expect(card).toMatchObject({ contract: ["recurring"], consentShown: true });
  });
});
