import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/**
 * A subscription keeps its billing anchor: a monthly one started on 31 January renews on the last day of each
 * shorter month and on the 31st again where the month has one, through the scheduler's own charges (the test clock),
 * late retries included.
 */

const MIGRATION = path.resolve(
  import.meta.dirname,
  "../../../lib/db/migrations/0036_subscription_billing_anchor.sql",
);
const START = new Date("2027-01-31T10:00:00.000Z");
let gateway: TestGateway;
let shop: TestShop;
let seed = 0;

beforeAll(async () => {
  gateway = await startTestGateway({ clock: new ManualClock(START) });
  shop = await gateway.createShop({}, "Anchor Shop");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

function subscribe(plan: Record<string, unknown>, number = uniqueVisaNumber(5_500_000 + ++seed)) {
  return callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: { title: "Monthly", currency: "EUR", test: true, ...plan },
      customer: { email: `anchor${seed}@example.com`, ip: "203.0.113.7" },
      card: { number, verification_value: "123", ...futureExpiry() },
      test: true,
    },
  });
}

async function advance(id: string, to: string) {
  const answer = await callJson(gateway, `/subscriptions/${id}/test_clock`, {
    shop,
    body: { advance_to: to },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("the billing anchor", () => {
  it("walks twelve monthly renewals from the 31st, each period end counted from the anchor", async () => {
    const created = await subscribe({ plan: { amount: 990, interval: 1, interval_unit: "month" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: "active",
      billing_anchor: START.toISOString(),
      active_to: "2027-02-28T10:00:00.000Z",
    });
    const ends: string[] = [];
    let view = created.body;
    for (let cycle = 2; cycle <= 13; cycle++) {
      view = await advance(view.id, view.renew_at);
      expect(view.paid_billing_cycles).toBe(cycle);
      ends.push(view.active_to.slice(0, 10));
    }
    expect(ends).toEqual([
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
      "2027-06-30",
      "2027-07-31",
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
      "2027-11-30",
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
    ]);
    expect(view.billing_anchor).toBe(START.toISOString());
  }, 120_000);

  it("starts at a trial's end and keeps it through a retry paid a day late", async () => {
    const created = await subscribe({
      plan: { amount: 990, interval: 1, interval_unit: "month" },
      trial: { interval: 29, interval_unit: "day" },
    });
    expect(created.body).toMatchObject({
      state: "trial",
      billing_anchor: "2027-03-01T10:00:00.000Z",
      active_to: "2027-03-01T10:00:00.000Z",
    });
    // The trial's end is charged but (as a retry would be) a day late: the period still ends on the anniversary.
    await gateway.runtime.deps.db
      .update(subscriptions)
      .set({ renewAt: new Date("2027-03-02T10:00:00.000Z") })
      .where(eq(subscriptions.id, created.body.id));
    const paid = await advance(created.body.id, "2027-03-02T10:00:00.000Z");
    expect(paid).toMatchObject({
      state: "active",
      paid_billing_cycles: 1,
      active_to: "2027-04-01T10:00:00.000Z",
    });
  }, 60_000);

  it("is given to rows from before it by migration 0036: the first plan cycle's payment, else the paid-up date", async () => {
    const paying = await subscribe({ plan: { amount: 990, interval: 1, interval_unit: "month" } });
    const trial = await subscribe({
      plan: { amount: 990, interval: 1, interval_unit: "month" },
      trial: { interval: 14, interval_unit: "day" },
    });
    const { db } = gateway.runtime.deps;
    const ids = [paying.body.id, trial.body.id];
    await db.execute(sql`update subscriptions set billing_anchor = null where id in (${ids[0]}, ${ids[1]})`);
    const [, update] = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    await db.execute(sql.raw(update));
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.id, ids[0]));
    const [trialRow] = await db.select().from(subscriptions).where(eq(subscriptions.id, ids[1]));
    expect(rows[0].billingAnchor?.toISOString()).toBe(START.toISOString());
    expect(trialRow.billingAnchor?.toISOString()).toBe("2027-02-14T10:00:00.000Z");
  });
});
