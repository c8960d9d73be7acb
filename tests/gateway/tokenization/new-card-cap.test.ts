import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NEW_CARD_LIMIT_PER_MINUTE } from "@/lib/contracts/shop-settings";
import { securityEvents } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { NEW_CARD_LIMITED } from "../card-limits-helpers";
import {
  callJson,
  instancesOnOneDatabase,
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";

/**
 * Card testing from one shop: a cap on distinct card numbers new to the shop a minute, on by default, on the API and
 * on the hosted page alike. Numbers the shop tokenized within 24 hours are not new; the shop's stored cards (by
 * token) are not counted at all.
 */

let gateway: TestGateway;
let clock: ManualClock;
let seed = 820_000;

beforeAll(async () => {
  // At the start of a minute, so that the counts below fall in one.
  clock = new ManualClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
  gateway = await startTestGateway({ clock });
});

afterAll(async () => {
  await gateway?.close();
});

function tokenize(shop: TestShop, number = uniqueVisaNumber(seed++)) {
  return postTokenization(gateway, shop, tokenizationRequest({ duplicate_check: false }, { number }));
}

function expectNewCardLimited(response: JsonResponse) {
  expect({ status: response.status, body: response.body }).toEqual({ status: 429, body: NEW_CARD_LIMITED });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
}

async function createCheckout(shop: TestShop): Promise<string> {
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: "tokenization",
        attempts: 3,
        order: { amount: 2599, currency: "EUR", description: "Annual plan" },
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.checkout.token;
}

function payThroughPage(token: string, number: string) {
  return callJson(gateway, "/transactions/tokenizations", {
    headers: { authorization: `Bearer ${token}` },
    body: {
      request: { credit_card: { number, verification_value: "123", exp_month: "12", exp_year: "2040" } },
    },
  });
}

describe("new cards a minute", () => {
  it(`are capped at ${DEFAULT_NEW_CARD_LIMIT_PER_MINUTE} by default, on the API and the hosted page`, async () => {
    const shop = await gateway.createShop();
    const profile = await callJson(gateway, "/shop", { shop });
    expect(profile.body.shop.settings.new_card_limit_per_minute).toBe(DEFAULT_NEW_CARD_LIMIT_PER_MINUTE);
    const known = uniqueVisaNumber(seed++);
    expect((await tokenize(shop, known)).status).toBe(200);
    const stored = (await tokenize(shop)).body.transaction.credit_card.token;
    for (let count = 2; count < DEFAULT_NEW_CARD_LIMIT_PER_MINUTE; count++) {
      expect((await tokenize(shop)).status, `card ${count + 1}`).toBe(200);
    }

    // Over the cap, a new number is refused, and so is one the shop has seen: were it let through, the refusals of
    // the others would point out which numbers are the shop's shoppers' cards.
    expectNewCardLimited(await tokenize(shop));
    expectNewCardLimited(await tokenize(shop, known));
    const session = await createCheckout(shop);
    expectNewCardLimited(await payThroughPage(session, uniqueVisaNumber(seed++)));
    // The refused attempt is not the shopper's to lose.
    const view = await callJson(gateway, `/ctp/api/checkouts/${session}`, { shop });
    expect(view.body.checkout.attempts_used).toBe(0);
    // A stored card is the merchant's own: charging it again is not a new card.
    const again = await postTokenization(gateway, shop, {
      request: {
        amount: 100,
        currency: "USD",
        description: "Again",
        duplicate_check: false,
        credit_card: { token: stored },
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Another shop has its own count.
    expect((await tokenize(await gateway.createShop())).status).toBe(200);

    const events = await gateway.runtime.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.shopId, shop.id))
      .orderBy(asc(securityEvents.id));
    expect(events.map((event) => event.kind)).toEqual(["new_card_limit", "new_card_limit", "new_card_limit"]);

    clock.advance(60_000);
    expect((await payThroughPage(session, uniqueVisaNumber(seed++))).status).toBe(200);
    expect((await tokenize(shop, known)).status).toBe(200);
  });

  it("counts only numbers new to the shop", async () => {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 3 });
    const [first, second] = [uniqueVisaNumber(seed++), uniqueVisaNumber(seed++)];
    for (const number of [first, second, first, second, first]) {
      expect((await tokenize(shop, number)).status).toBe(200);
    }
    expect((await tokenize(shop)).status).toBe(200);
    expectNewCardLimited(await tokenize(shop));
    expectNewCardLimited(await tokenize(shop, first));
    clock.advance(60_000);
    expect((await tokenize(shop)).status).toBe(200);
  });

  it("is a setting the merchant can change or turn off (0), validated", async () => {
    const shop = await gateway.createShop();
    const patch = (value: unknown) =>
      callJson(gateway, "/shop", {
        method: "PATCH",
        shop,
        body: { settings: { new_card_limit_per_minute: value } },
      });
    const bad = await patch(-1);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.settings).toHaveProperty("new_card_limit_per_minute");
    expect((await patch(1)).body.shop.settings.new_card_limit_per_minute).toBe(1);
    expect((await tokenize(shop)).status).toBe(200);
    expectNewCardLimited(await tokenize(shop));
    expect((await patch(0)).body.shop.settings.new_card_limit_per_minute).toBe(0);
    for (let count = 0; count < 5; count++) expect((await tokenize(shop)).status).toBe(200);
    // null puts the default back.
    expect((await patch(null)).body.shop.settings.new_card_limit_per_minute).toBe(
      DEFAULT_NEW_CARD_LIMIT_PER_MINUTE,
    );
  });
});

describe(`new cards sent at once (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const instances = instancesOnOneDatabase();

  it("let exactly the cap through", async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await instances[0].createShop({ new_card_limit_per_minute: 5 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          postTokenization(
            instances[index % instances.length],
            shop,
            tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(5);
      expect(
        statuses.filter((status) => status === 429),
        `round ${round}`,
      ).toHaveLength(15);
    }
  }, 60_000);
});
