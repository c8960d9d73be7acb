import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { createShop } from "@/lib/gateway/shops/create-shop";
import {
  basicAuthorization,
  callJson,
  futureExpiry,
  instancesOnOneDatabase,
  type JsonResponse,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { postPayment } from "../money-helpers";

// Two instances on one PostgreSQL: the daily limit must hold across them.
const instances = instancesOnOneDatabase();
let gateway: TestGateway;
let seed = 771_000;

beforeAll(() => {
  gateway = instances[0];
});

function payout(amount: number, currency = "EUR", overrides: Record<string, unknown> = {}) {
  return {
    request: {
      amount,
      currency,
      description: "Winnings",
      duplicate_check: false,
      credit_card: { number: uniqueVisaNumber(seed++), holder: "Jane Doe", ...futureExpiry() },
      ...overrides,
    },
  };
}

const approved = (response: JsonResponse) =>
  response.status === 200 && response.body.transaction.status === "successful";

describe("payouts are an operator's decision", () => {
  it("are off for a new shop: 422 under base, and no money moves", async () => {
    const created = await createShop({
      db: gateway.runtime.deps.db,
      keyring: gateway.runtime.deps.keyring,
      name: "New Shop",
    });
    const shop: TestShop = { ...created, authorization: basicAuthorization(created.id, created.secretKey) };
    const response = await postPayment(gateway, shop, payout(100), "credits");
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Payouts are not enabled for this shop",
      errors: { base: ["Payouts are not enabled for this shop"] },
    });
    const cleared = await gateway.createShop({ payouts_allowed: true });
    expect(approved(await postPayment(gateway, cleared, payout(100), "credits"))).toBe(true);
  });

  it("cannot be turned on, or their caps raised, by the shop itself", async () => {
    const shop = await gateway.createShop({ payouts_allowed: false });
    const response = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: { settings: { payouts_allowed: true, payout_limit: 1_000_000, payout_daily_limit: 1_000_000 } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      settings: {
        payouts_allowed: ["can't be changed by the shop"],
        payout_limit: ["can't be changed by the shop"],
        payout_daily_limit: ["can't be changed by the shop"],
      },
    });
    const profile = await callJson(gateway, "/shop", { shop });
    expect(profile.body.shop.settings).toMatchObject({
      payouts_allowed: false,
      payout_limit: 5000,
      payout_daily_limit: 50_000,
    });
  });

  it("are capped per payout, by default at 5,000 in the currency's major units", async () => {
    const shop = await gateway.createShop();
    for (const [currency, limit] of [
      ["EUR", 500_000],
      ["JPY", 5000],
      ["KWD", 5_000_000],
      ["HUF", 500_000],
    ] as const) {
      const over = await postPayment(gateway, shop, payout(limit + 1, currency), "credits");
      expect(over.status, currency).toBe(422);
      expect(over.body.errors).toEqual({
        amount: [`can't be greater than ${limit} (the shop's limit per payout)`],
      });
      expect(approved(await postPayment(gateway, shop, payout(limit, currency), "credits")), currency).toBe(
        true,
      );
    }
  });

  it("are capped per UTC day and currency, declined payouts not counted", async () => {
    // 50,000 EUR a day: ten payouts of 5,000, then none; other currencies have their own day.
    const shop = await gateway.createShop();
    const declined = await postPayment(
      gateway,
      shop,
      payout(500_000, "EUR", {
        credit_card: { number: "4005550000000019", holder: "Jane Doe", ...futureExpiry() },
      }),
      "credits",
    );
    expect(declined.body.transaction.status).toBe("failed");
    for (let index = 0; index < 10; index++) {
      expect(approved(await postPayment(gateway, shop, payout(500_000), "credits"))).toBe(true);
    }
    const over = await postPayment(gateway, shop, payout(1), "credits");
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({
      amount: ["would take today's payouts in EUR over the shop's daily limit of 5000000"],
    });
    expect(approved(await postPayment(gateway, shop, payout(500_000, "USD"), "credits"))).toBe(true);
  });

  it(`eight €990,000 payouts at once (${usePostgres ? "PostgreSQL, two instances" : "PGlite"}): only what the daily cap allows`, async () => {
    const shop = await gateway.createShop({ payout_limit: 1_000_000, payout_daily_limit: 2_000_000 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        postPayment(instances[index % instances.length], shop, payout(99_000_000), "credits"),
      ),
    );
    expect(responses.filter(approved)).toHaveLength(2);
    for (const response of responses.filter((response) => !approved(response))) {
      expect(response.status).toBe(422);
      expect(response.body.errors.amount[0]).toMatch(/daily limit of 200000000$/);
    }
  });

  it("count in the shop's velocity limit: 429 past it", async () => {
    const shop = await gateway.createShop({ velocity_limit_per_minute: 2 });
    expect(approved(await postPayment(gateway, shop, payout(100), "credits"))).toBe(true);
    expect(approved(await postPayment(gateway, shop, payout(100), "credits"))).toBe(true);
    const third = await postPayment(gateway, shop, payout(100), "credits");
    expect(third.status).toBe(429);
  });
});

describe("payout caps mean money: a shop pays out only in the currencies the operator listed", () => {
  it("refuses other currencies, so a cap of 5,000 is never 5,000 CLF or KWD", async () => {
    // A new shop cleared for payouts, with the schema's defaults: EUR only.
    const created = await createShop({
      db: gateway.runtime.deps.db,
      keyring: gateway.runtime.deps.keyring,
      name: "Euro Shop",
      settings: { payouts_allowed: true },
    });
    const shop: TestShop = { ...created, authorization: basicAuthorization(created.id, created.secretKey) };
    // The EUR day's cap is reached; the same card then asks in other currencies of larger units.
    const card = { number: uniqueVisaNumber(seed++), holder: "Jane Doe", ...futureExpiry() };
    for (let index = 0; index < 10; index++) {
      expect(
        approved(await postPayment(gateway, shop, payout(500_000, "EUR", { credit_card: card }), "credits")),
      ).toBe(true);
    }
    for (const currency of ["KWD", "BHD", "OMR", "USD"]) {
      const response = await postPayment(
        gateway,
        shop,
        payout(5_000_000, currency, { credit_card: card }),
        "credits",
      );
      expect(response.status, currency).toBe(422);
      expect(response.body.errors, currency).toEqual({
        currency: ["is not a currency this shop pays out in (EUR)"],
      });
    }
    const rows = await queryRows<{ n: number }>(
      gateway.runtime.deps.db,
      sql`select count(*)::int as n from transactions where shop_id = ${shop.id} and currency <> 'EUR'`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("shops that paid out before keep the currencies they paid out in (migration 0031), others get EUR", async () => {
    const { db } = gateway.runtime.deps;
    const paying = await gateway.createShop({ payout_currencies: ["USD", "JPY"] });
    expect(approved(await postPayment(gateway, paying, payout(1000, "USD"), "credits"))).toBe(true);
    expect(approved(await postPayment(gateway, paying, payout(1000, "JPY"), "credits"))).toBe(true);
    const idle = await gateway.createShop();
    const closed = await gateway.createShop({ payouts_allowed: false });
    const ids = [paying.id, idle.id, closed.id];
    // As they were before the migration: no list.
    await db.execute(
      sql`update shops set settings = settings - 'payout_currencies' where id in (${sql.join(ids, sql`, `)})`,
    );
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, "../../../lib/db/migrations/0031_payout_currencies.sql"),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    const rows = await queryRows<{ id: number; currencies: string[] | null }>(
      db,
      sql`select id, settings->'payout_currencies' as currencies from shops where id in (${sql.join(ids, sql`, `)})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row.currencies]));
    expect(byId.get(paying.id)).toEqual(["JPY", "USD"]);
    expect(byId.get(idle.id)).toEqual(["EUR"]);
    expect(byId.get(closed.id)).toBeNull();
  });

  it("cannot be widened by the shop itself", async () => {
    const shop = await gateway.createShop();
    const response = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: { settings: { payout_currencies: ["EUR", "KWD"] } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      settings: { payout_currencies: ["can't be changed by the shop"] },
    });
  });
});

describe("ISO 4217 funds codes are no currency of a card transaction", () => {
  it.each(["CLF", "UYW", "BOV", "CHE", "CHW", "COU", "MXV", "USN", "UYI"])(
    "%s: refused for payouts, payments and products, nothing written",
    async (currency) => {
      const shop = await gateway.createShop();
      const request = (overrides: Record<string, unknown> = {}) => ({
        request: {
          amount: 100,
          currency,
          description: "Units of account",
          credit_card: { number: uniqueVisaNumber(seed++), holder: "Jane Doe", ...futureExpiry() },
          ...overrides,
        },
      });
      for (const type of ["credits", "payments", "authorizations"] as const) {
        const response = await postPayment(gateway, shop, request(), type);
        expect(response.status, type).toBe(422);
        expect(response.body.errors, type).toEqual({ currency: ["is invalid"] });
      }
      const product = await callJson(gateway, "/products", {
        shop,
        body: { name: "Unit", description: "Of account", amount: 100, currency, infinite: true },
      });
      expect(product.status).toBe(422);
      expect(product.body.errors).toEqual({ currency: ["is invalid"] });
      const rows = await queryRows<{ n: number }>(
        gateway.runtime.deps.db,
        sql`select count(*)::int as n from transactions where shop_id = ${shop.id}`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    },
  );
});

describe("the ceiling on any one amount", () => {
  it("refuses a payout of 9.0e12 KWD whatever the shop's caps", async () => {
    const shop = await gateway.createShop({
      payout_limit: 1_000_000_000,
      payout_daily_limit: 1_000_000_000,
    });
    const response = await postPayment(gateway, shop, payout(9.0e12, "KWD"), "credits");
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ amount: ["can't be greater than 1000000000000"] });
  });

  it.each(["payments", "authorizations"] as const)("refuses %s above the ceiling", async (type) => {
    const shop = await gateway.createShop();
    const response = await postPayment(
      gateway,
      shop,
      {
        request: {
          amount: 100_000_000_001,
          currency: "EUR",
          description: "Too much",
          credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...futureExpiry() },
        },
      },
      type,
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ amount: ["can't be greater than 100000000000"] });
  });

  it("refuses a product priced above the ceiling, created or updated", async () => {
    const shop = await gateway.createShop();
    const tooMuch = await callJson(gateway, "/products", {
      shop,
      body: { name: "Island", description: "Whole", amount: 9.0e12, currency: "KWD", infinite: true },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ amount: ["can't be greater than 1000000000000"] });
    const product = await callJson(gateway, "/products", {
      shop,
      body: { name: "Mug", description: "Blue", amount: 1500, currency: "EUR", infinite: true },
    });
    expect(product.status).toBe(201);
    const raised = await callJson(gateway, `/products/${product.body.id}`, {
      shop,
      method: "PUT",
      body: { amount: 100_000_000_001 },
    });
    expect(raised.status).toBe(422);
    expect(raised.body.errors).toEqual({ amount: ["can't be greater than 100000000000"] });
    const read = await callJson(gateway, `/products/${product.body.id}`, { shop });
    expect(read.body.amount).toBe(1500);
  });

  it("refuses a plan whose cycle or trial is above the ceiling, alone or inside a subscription", async () => {
    const shop = await gateway.createShop();
    const cycle = await callJson(gateway, "/plans", {
      shop,
      body: { title: "Gold", currency: "KWD", plan: { amount: 9.0e12, interval: 1, interval_unit: "month" } },
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors).toEqual({ plan: { amount: ["can't be greater than 1000000000000"] } });
    const trial = await callJson(gateway, "/plans", {
      shop,
      body: {
        title: "Gold",
        currency: "EUR",
        plan: { amount: 1000, interval: 1, interval_unit: "month" },
        trial: { amount: 100_000_000_001, interval: 7, interval_unit: "day" },
      },
    });
    expect(trial.status).toBe(422);
    expect(trial.body.errors).toEqual({ trial: { amount: ["can't be greater than 100000000000"] } });
    const inline = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: {
          title: "Gold",
          currency: "KWD",
          plan: { amount: 9.0e12, interval: 1, interval_unit: "month" },
        },
        customer: { email: "gold@example.com", ip: "198.51.100.7" },
      },
    });
    expect(inline.status).toBe(422);
    expect(inline.body.errors).toMatchObject({
      plan: { plan: { amount: ["can't be greater than 1000000000000"] } },
    });
  });

  it("refuses a checkout session above the ceiling", async () => {
    const shop = await gateway.createShop();
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "payment",
          order: { amount: 9.0e12, currency: "KWD", description: "Too much" },
          settings: { return_url: "https://shop.example/return" },
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      checkout: { order: { amount: ["can't be greater than 1000000000000"] } },
    });
  });
});
