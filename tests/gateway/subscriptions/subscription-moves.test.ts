import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "@/lib/db/schema";
import { moveMany, RefusedTransition } from "@/lib/gateway/subscriptions/transitions";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/** `moveMany`: the scheduler's one statement for a batch's subscriptions, held to the transition table. */

let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

async function activeRow(seed: number) {
  const created = await callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: { title: "Beans", currency: "EUR", plan: { amount: 1999, interval: 1, interval_unit: "month" } },
      customer: { email: `beans${seed}@example.com`, ip: "203.0.113.7" },
      card: { number: uniqueVisaNumber(660_000 + seed), verification_value: "123", ...futureExpiry() },
    },
  });
  expect(created.body.state).toBe("active");
  const [row] = await gateway.runtime.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, created.body.id));
  return row;
}

describe("moveMany", () => {
  it("writes each row's move and fields in one statement, keeping the fields a move leaves out", async () => {
    const [a, b] = await Promise.all([activeRow(1), activeRow(2)]);
    const renewAt = new Date(Date.now() + 86_400_000);
    const moved = await gateway.runtime.deps.db.transaction((tx) =>
      moveMany(tx, [
        {
          row: a,
          to: "failed_attempt",
          set: { numberFailedPaymentAttempts: 1, lastFailure: "soft", renewAt },
        },
        { row: b, to: null, set: { paidBillingCycles: 7 } },
      ]),
    );
    expect(moved.map((row) => [row.id, row.state])).toEqual([
      [a.id, "failed_attempt"],
      [b.id, "active"],
    ]);
    expect(moved[0]).toMatchObject({ numberFailedPaymentAttempts: 1, lastFailure: "soft", renewAt });
    expect(moved[0].activeTo).toEqual(a.activeTo);
    expect(moved[0].lastTransactionUid).toBe(a.lastTransactionUid);
    expect(moved[1]).toMatchObject({ paidBillingCycles: 7, renewAt: b.renewAt, cardToken: b.cardToken });
  });

  it("refuses a batch with a move the table does not list, writing none of it", async () => {
    const [a, b] = await Promise.all([activeRow(3), activeRow(4)]);
    await expect(
      gateway.runtime.deps.db.transaction((tx) =>
        moveMany(tx, [
          { row: a, to: "active", set: { paidBillingCycles: 9 } },
          { row: b, to: "redirecting", set: {} },
        ]),
      ),
    ).rejects.toBeInstanceOf(RefusedTransition);
    const [after] = await gateway.runtime.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, a.id));
    expect(after.paidBillingCycles).toBe(a.paidBillingCycles);
  });

  it("leaves a row that moved on since it was read", async () => {
    const row = await activeRow(5);
    const canceled = await callJson(gateway, `/subscriptions/${row.id}/cancel`, {
      shop,
      body: { cancel_reason: "moved" },
    });
    expect(canceled.body.state).toBe("canceled");
    const moved = await gateway.runtime.deps.db.transaction((tx) =>
      moveMany(tx, [{ row, to: "active", set: { paidBillingCycles: 5 } }]),
    );
    expect(moved).toEqual([]);
    const [after] = await gateway.runtime.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, row.id));
    expect(after).toMatchObject({ state: "canceled", paidBillingCycles: row.paidBillingCycles });
  });
});
