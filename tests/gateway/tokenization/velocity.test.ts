import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

/** The card-testing defence: hosted-page attempts per client address, and a shop's own per-minute limit. */

const TOO_MANY = { message: "Too many requests", errors: { base: ["Too many requests"] } };

let gateway: TestGateway;
let clock: ManualClock;
let shop: TestShop;
let seed = 960_000;

beforeAll(async () => {
  // At the start of a 10-minute window, so every count below falls in one window.
  clock = new ManualClock(new Date(Math.ceil(Date.now() / 600_000) * 600_000));
  gateway = await startTestGateway({ clock, env: { CHECKOUT_ATTEMPTS_PER_ADDRESS: "3" } });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

async function createCheckout(as: TestShop = shop): Promise<string> {
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop: as,
    body: {
      checkout: {
        transaction_type: "tokenization",
        attempts: 5,
        order: { amount: 1500, currency: "EUR", description: "Gift card" },
      },
    },
  });
  expect(response.status).toBe(201);
  return response.body.checkout.token;
}

function payFrom(address: string, token: string) {
  return callJson(gateway, "/transactions/tokenizations", {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": address },
    body: {
      request: {
        // Declined (security code 222): each attempt fails and the session stays open for the next one.
        credit_card: {
          number: uniqueVisaNumber(seed++),
          verification_value: "222",
          exp_month: "12",
          exp_year: "2040",
        },
      },
    },
  });
}

describe("hosted-page attempts per client address", () => {
  it("stops an address after its limit across sessions, with Retry-After, and no one else", async () => {
    const [first, second] = [await createCheckout(), await createCheckout()];
    const tester = "203.0.113.80";
    expect((await payFrom(tester, first)).status).toBe(200);
    expect((await payFrom(tester, first)).status).toBe(200);
    expect((await payFrom(tester, second)).status).toBe(200);
    const refused = await gateway.call("/transactions/tokenizations", {
      headers: { authorization: `Bearer ${second}`, "x-forwarded-for": tester },
      body: { request: {} },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The refused attempt was never counted against the session.
    const view = await callJson(gateway, `/ctp/api/checkouts/${second}`, { shop });
    expect(view.body.checkout.attempts_used).toBe(1);

    expect((await payFrom("203.0.113.81", second)).status).toBe(200);
    // A merchant's own API calls are not hosted-page attempts.
    const direct = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
    );
    expect(direct.status).toBe(200);

    clock.advance(600_000);
    expect((await payFrom(tester, second)).status).toBe(200);
  });
});

describe("a shop's own limit per minute", () => {
  it("refuses the shop's tokenizations past its limit until the minute ends, and only that shop's", async () => {
    clock.set(new Date(Math.ceil(clock.now().getTime() / 60_000) * 60_000));
    const limited = await gateway.createShop({ velocity_limit_per_minute: 2 });
    const tokenize = (as: TestShop) =>
      postTokenization(gateway, as, tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }));
    expect((await tokenize(limited)).status).toBe(200);
    expect((await tokenize(limited)).status).toBe(200);
    const third = await tokenize(limited);
    expect({ status: third.status, body: third.body }).toEqual({ status: 429, body: TOO_MANY });
    expect((await tokenize(shop)).status).toBe(200);

    clock.advance(60_000);
    expect((await tokenize(limited)).status).toBe(200);
  });

  it("is a setting the merchant can change, validated", async () => {
    const own = await gateway.createShop();
    const bad = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop: own,
      body: { settings: { velocity_limit_per_minute: 0 } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.settings).toHaveProperty("velocity_limit_per_minute");
    const good = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop: own,
      body: { settings: { velocity_limit_per_minute: 600 } },
    });
    expect(good.status).toBe(200);
    expect(good.body.shop.settings.velocity_limit_per_minute).toBe(600);
  });
});

describe("counters", () => {
  it("drops windows that ended long ago", async () => {
    const count = async () =>
      Number(
        (
          await queryRows<{ count: number }>(
            gateway.runtime.deps.db,
            sql`select count(*)::int as count from rate_limits`,
          )
        )[0]?.count,
      );
    expect(await count()).toBeGreaterThan(0);
    clock.advance(2 * 3600_000);
    await gateway.runtime.deps.rateLimiter.prune();
    expect(await count()).toBe(0);
  });
});
