import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INTERVAL } from "@/lib/contracts/subscription";
import { plans, subscriptionCycles, subscriptions, transactions } from "@/lib/db/schema";
import { runDueRenewals } from "@/lib/gateway/subscriptions/renewals";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/**
 * Plans' intervals are bounded (ten years per unit), and a subscription whose outcome cannot be stored — a row
 * from before the bound, or any write the database refuses — is held for the operator without taking the rest
 * of its batch with it.
 */

const METRICS_TOKEN = "metrics-token-for-bounds-0123456789";
let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let cardSeed = 0;

beforeAll(async () => {
  gateway = await startTestGateway({ env: { METRICS_TOKEN } });
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
  // A write the database refuses, as a row no code can store would be: a subscription tracked "poison-db" cannot
  // have its second cycle counted, one tracked "poison-first" its first.
  await gateway.runtime.deps.db.execute(sql`
    create or replace function test_refuse_poisoned() returns trigger language plpgsql as $$
    begin
      if (new.tracking_id = 'poison-db' and new.paid_billing_cycles = 2)
         or (new.tracking_id = 'poison-first' and new.paid_billing_cycles = 1) then
        raise exception 'refused by the test';
      end if;
      return new;
    end $$`);
  await gateway.runtime.deps.db.execute(sql`
    create trigger test_refuse_poisoned before update on subscriptions
    for each row execute function test_refuse_poisoned()`);
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

const monthly = (overrides: Record<string, unknown> = {}) => ({
  title: "Magazine",
  currency: "EUR",
  plan: { amount: 999, interval: 1, interval_unit: "month" },
  ...overrides,
});

function card() {
  cardSeed += 1;
  return { number: uniqueVisaNumber(710_000 + cardSeed), verification_value: "123", ...futureExpiry() };
}

function subscribe(as: TestShop, overrides: Record<string, unknown> = {}) {
  return callJson(gateway, "/subscriptions", {
    shop: as,
    body: {
      plan: monthly(),
      customer: { email: `bounds${cardSeed}@example.com`, ip: "203.0.113.7" },
      card: card(),
      ...overrides,
    },
  });
}

async function rowOf(id: string) {
  const [row] = await gateway.runtime.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

async function chargesOf(id: string): Promise<number> {
  const [{ charges }] = await gateway.runtime.deps.db
    .select({ charges: count() })
    .from(transactions)
    .where(sql`${transactions.body}->>'subscription_id' = ${id}`);
  return Number(charges);
}

async function heldMetric(): Promise<number> {
  const response = await gateway.call("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await response.text())
    .split("\n")
    .find((text) => text.startsWith("tessera_subscriptions_held "));
  return Number(line?.split(" ")[1]);
}

describe("plan and trial intervals", () => {
  it("accept ten years of each unit and refuse one unit more with a 422 naming the field, writing nothing", async () => {
    for (const [unit, max] of Object.entries(MAX_INTERVAL)) {
      const longest = await callJson(gateway, "/plans", {
        shop,
        body: monthly({ plan: { amount: 999, interval: max, interval_unit: unit } }),
      });
      expect(longest.status, unit).toBe(201);
      const [before] = await gateway.runtime.deps.db.select({ plans: count() }).from(plans);
      const refused = await callJson(gateway, "/plans", {
        shop,
        body: monthly({
          plan: { amount: 999, interval: max + 1, interval_unit: unit },
          trial: { interval: max + 1, interval_unit: unit },
        }),
      });
      expect(refused.status, unit).toBe(422);
      const message = `must be less than or equal to ${max} when interval_unit is ${unit} (ten years at most)`;
      expect(refused.body.errors).toEqual({ plan: { interval: [message] }, trial: { interval: [message] } });
      const [after] = await gateway.runtime.deps.db.select({ plans: count() }).from(plans);
      expect(after.plans).toBe(before.plans);
    }
    // What the database's integer column could not hold is refused in the same words, not answered 500.
    const huge = await callJson(gateway, "/plans", {
      shop,
      body: monthly({ plan: { amount: 999, interval: 2 ** 53 - 1, interval_unit: "hour" } }),
    });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.plan.interval[0]).toMatch(/^must be less than or equal to 87600/);
  });

  it("are refused in a subscription's inline plan before any card is stored or charged", async () => {
    const [before] = await gateway.runtime.deps.db.select({ transactions: count() }).from(transactions);
    const refused = await subscribe(shop, {
      plan: monthly({ plan: { amount: 999, interval: 300_000, interval_unit: "year" } }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      plan: {
        plan: {
          interval: ["must be less than or equal to 10 when interval_unit is year (ten years at most)"],
        },
      },
    });
    const [after] = await gateway.runtime.deps.db.select({ transactions: count() }).from(transactions);
    expect(after.transactions).toBe(before.transactions);
  });

  it("a plan stored before the bound with a longer one is refused by POST /subscriptions, nothing charged", async () => {
    const plan = await callJson(gateway, "/plans", { shop, body: monthly() });
    await gateway.runtime.deps.db
      .update(plans)
      .set({ interval: 300_000, intervalUnit: "year" })
      .where(eq(plans.id, plan.body.id));
    const [before] = await gateway.runtime.deps.db.select({ transactions: count() }).from(transactions);
    const refused = await subscribe(shop, { plan: { id: plan.body.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      plan: { id: ["Plan's interval or trial is longer than ten years: it can no longer be subscribed to."] },
    });
    const [after] = await gateway.runtime.deps.db.select({ transactions: count() }).from(transactions);
    expect(after.transactions).toBe(before.transactions);
  });
});

describe("a batch with a subscription whose outcome cannot be stored", () => {
  it("stores every other outcome, holds the poisoned ones for the operator and never charges them again", async () => {
    const db = gateway.runtime.deps.db;
    const created = await Promise.all([
      ...Array.from({ length: 4 }, () => subscribe(shop)),
      ...Array.from({ length: 3 }, () => subscribe(otherShop)),
      subscribe(shop, { tracking_id: "poison-date" }),
      subscribe(otherShop, { tracking_id: "poison-db" }),
    ]);
    for (const answer of created) expect(answer.status).toBe(201);
    const ids = created.map((answer) => answer.body.id as string);
    const healthy = ids.slice(0, 7);
    const [poisonDate, poisonDb] = ids.slice(7);
    // An old row: its plan's period is 300,000 years (accepted before the bound), so its next date cannot exist.
    await db
      .update(plans)
      .set({ interval: 300_000, intervalUnit: "year" })
      .where(eq(plans.id, created[7].body.plan.id));
    await db
      .update(subscriptions)
      .set({ renewAt: sql`now() - interval '1 minute'` })
      .where(inArray(subscriptions.id, ids));
    expect(await heldMetric()).toBe(0);

    const claimed = await runDueRenewals(gateway.runtime.deps, { limit: 50 });
    expect(claimed).toBe(9);

    for (const id of healthy) {
      const row = await rowOf(id);
      expect(row, id).toMatchObject({
        state: "active",
        paidBillingCycles: 2,
        heldAt: null,
        leaseUntil: null,
      });
      const [cycle] = await db
        .select()
        .from(subscriptionCycles)
        .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycleNumber, 2)));
      expect(cycle).toMatchObject({ state: "paid", pendingUid: null });
    }
    for (const id of [poisonDate, poisonDb]) {
      const row = await rowOf(id);
      expect(row.heldAt, id).not.toBeNull();
      expect(row).toMatchObject({ state: "active", paidBillingCycles: 1, leaseUntil: null });
      // Its charge was made and is kept: the cycle's pending attempt names it.
      const [cycle] = await db
        .select()
        .from(subscriptionCycles)
        .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycleNumber, 2)));
      expect(cycle.pendingUid).not.toBeNull();
      const [charge] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.uid, cycle.pendingUid as string));
      expect(charge.status).toBe("successful");
      expect(await chargesOf(id)).toBe(2);
    }
    expect((await rowOf(poisonDate)).heldReason).toMatch(
      /^Its next date cannot be stored: .*past year 9999$/,
    );
    expect((await rowOf(poisonDb)).heldReason).toBe("Its outcome could not be stored: refused by the test");
    expect(await heldMetric()).toBe(2);

    // Still due, never claimed again while held: no second charge, by the scheduler or the test clock.
    expect(await runDueRenewals(gateway.runtime.deps, { limit: 50 })).toBe(0);
    for (const id of [poisonDate, poisonDb]) expect(await chargesOf(id)).toBe(2);

    // Fixed and released by the operator: the attempt already made is resumed by its key, its outcome stored.
    await db
      .update(plans)
      .set({ interval: 1, intervalUnit: "month" })
      .where(eq(plans.id, created[7].body.plan.id));
    await db
      .update(subscriptions)
      .set({ heldAt: null, heldReason: null })
      .where(eq(subscriptions.id, poisonDate));
    expect(await runDueRenewals(gateway.runtime.deps, { limit: 50 })).toBe(1);
    expect(await rowOf(poisonDate)).toMatchObject({ state: "active", paidBillingCycles: 2, heldAt: null });
    expect(await chargesOf(poisonDate)).toBe(2);
    expect(await heldMetric()).toBe(1);
  }, 60_000);

  it("POST /subscriptions answers 201, not 500, when its first charge's outcome cannot be stored", async () => {
    const created = await subscribe(shop, { tracking_id: "poison-first" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "active", paid_billing_cycles: 0 });
    const row = await rowOf(created.body.id);
    expect(row.heldReason).toBe("Its outcome could not be stored: refused by the test");
    expect(await chargesOf(created.body.id)).toBe(1);
  });
});
