import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperCheckout } from "../checkout-helpers";
import { callJson, futureExpiry, startTestGateway, type TestGateway, type TestShop } from "../harness";

/**
 * What the hosted page reads to word a card check truthfully: a free trial's first charge date, and a card
 * update's subscription and the card it replaces (read from the subscription by the session's token).
 */
let gateway: TestGateway;
let shop: TestShop;
let seed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

const DAY = 86_400_000;

function customer() {
  seed += 1;
  return { email: `card-check${seed}@example.com`, ip: "198.51.100.4" };
}

function checkoutTokenOf(url: string): string {
  const token = /\/checkout\/([0-9a-f]{64})$/.exec(url)?.[1];
  if (!token) throw new Error(`not a checkout page: ${url}`);
  return token;
}

describe("a free trial's page", () => {
  it("is a tokenization whose terms carry the first charge's date, the trial's length from now", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: {
          title: "Reader",
          currency: "EUR",
          plan: { amount: 999, interval: 1, interval_unit: "month" },
          trial: { amount: 0, interval: 14, interval_unit: "day" },
        },
        customer: customer(),
        return_url: "https://merchant.example/back",
        test: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = Date.now();
    const view = await shopperCheckout(gateway, checkoutTokenOf(created.body.redirect_url));
    expect(view.transaction_type).toBe("tokenization");
    expect(view.card_update).toBeNull();
    const firstCharge = Date.parse(view.subscription_terms.first_charge_at);
    expect(firstCharge).toBeGreaterThanOrEqual(before + 14 * DAY - 60_000);
    expect(firstCharge).toBeLessThanOrEqual(Date.now() + 14 * DAY + 60_000);
  });

  it("has no first charge date on a plan without a trial", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Plain", currency: "EUR", plan: { amount: 500, interval: 1, interval_unit: "month" } },
        customer: customer(),
        return_url: "https://merchant.example/back",
        test: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = await shopperCheckout(gateway, checkoutTokenOf(created.body.redirect_url));
    expect(view.transaction_type).toBe("payment");
    expect(view.subscription_terms.first_charge_at).toBeNull();
  });
});

describe("a card update's page", () => {
  it("names the subscription and the card it replaces (brand and last 4 only)", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Club", currency: "EUR", plan: { amount: 1200, interval: 1, interval_unit: "month" } },
        customer: customer(),
        card: { number: "5555555555554444", verification_value: "123", ...futureExpiry() },
        test: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = await fetch(
      created.body.card_update_url.replace(/^https?:\/\/[^/]+\/gateway/, gateway.url),
      {
        redirect: "manual",
      },
    );
    expect(link.status).toBe(303);
    const view = await shopperCheckout(gateway, checkoutTokenOf(String(link.headers.get("location"))));
    expect(view.transaction_type).toBe("tokenization");
    expect(view.card_update).toEqual({
      subscription: "Club",
      replaces: { brand: "master", last_4: "4444" },
    });
    // Nothing of the card but its brand and last 4 reaches the page.
    expect(JSON.stringify(view)).not.toContain("5555555555554444");
  });

  it("is null for a shop's own tokenization session", async () => {
    const session = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          order: { amount: 100, currency: "EUR", description: "Card on file" },
        },
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const view = await shopperCheckout(gateway, session.body.checkout.token);
    expect(view.card_update).toBeNull();
    expect(view.subscription_terms).toBeNull();
  });
});

describe("whether a page's attempts go through 3-D Secure", () => {
  it("follows the shop's setting, and a subscription's page always does", async () => {
    const plain = await gateway.createShop({ three_d_secure: false });
    const secure = await gateway.createShop({ three_d_secure: true });
    for (const [owner, expected] of [
      [plain, false],
      [secure, true],
    ] as const) {
      const session = await callJson(gateway, "/ctp/api/checkouts", {
        shop: owner,
        body: {
          checkout: {
            transaction_type: "payment",
            order: { amount: 100, currency: "EUR", description: "Tea" },
          },
        },
      });
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      expect((await shopperCheckout(gateway, session.body.checkout.token)).three_d_secure).toBe(expected);
    }
    const created = await callJson(gateway, "/subscriptions", {
      shop: plain,
      body: {
        plan: { title: "Plain", currency: "EUR", plan: { amount: 500, interval: 1, interval_unit: "month" } },
        customer: customer(),
        return_url: "https://merchant.example/back",
        test: true,
      },
    });
    const view = await shopperCheckout(gateway, checkoutTokenOf(created.body.redirect_url));
    expect(view.three_d_secure).toBe(true);
  });
});
