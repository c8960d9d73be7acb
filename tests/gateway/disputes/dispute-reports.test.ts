import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { postChild } from "../child-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * What the reports say of disputes: the daily report's disputes per currency (live and test apart), the counts by
 * status, the list as a to-do list (due soonest first), and a dispute's timeline.
 */
const DAY_MS = 86_400_000;
const clock = new ManualClock(new Date());
let gateway: TestGateway;
let testShop: TestShop;
let liveShop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway({ clock, acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  testShop = await gateway.createShop({ dispute_fee: 15 });
  liveShop = await gateway.createShop({ dispute_fee: 15 }, "Live shop", { test: false });
});

afterAll(async () => {
  await gateway.close();
});

async function disputed(shop: TestShop, number: string, amount: number, currency = "EUR"): Promise<JsonBody> {
  const payment = await postPayment(
    gateway,
    shop,
    paymentRequest({ amount, currency, duplicate_check: false, test: true }, { number }),
  );
  expect(payment.body.transaction.status).toBe("successful");
  await gateway.runtime.disputeFeed.sweepOnce();
  const list = await callJson(gateway, `/disputes?transaction_uid=${payment.body.transaction.uid}`, { shop });
  return list.body[0];
}

function today(): string {
  return clock.now().toISOString().slice(0, 10);
}

describe("disputes in the reports", () => {
  it("counts opened, won and lost, what chargebacks took, their fees and what came back, per currency and mode", async () => {
    const won = await disputed(testShop, "4000000000002685", 5000);
    const lost = await disputed(testShop, "4000000000000259", 3000);
    const inquiry = await disputed(testShop, "4000000000001976", 700, "USD");
    expect([won.kind, lost.kind, inquiry.kind]).toEqual(["chargeback", "chargeback", "inquiry"]);
    await callJson(gateway, `/disputes/${won.id}/evidence`, {
      shop: testShop,
      body: { evidence: { uncategorized_text: "winning_evidence" }, submit: true },
    });
    await callJson(gateway, `/disputes/${lost.id}/accept`, { shop: testShop, method: "POST" });
    await gateway.runtime.disputeFeed.sweepOnce();
    expect((await callJson(gateway, `/disputes/${won.id}`, { shop: testShop })).body.status).toBe("won");

    const report = await callJson(gateway, `/reports/daily?from=${today()}&to=${today()}&test=true`, {
      shop: testShop,
    });
    expect(report.status).toBe(200);
    expect(report.body.days[0].disputes).toEqual([
      { currency: "EUR", opened: 2, won: 1, lost: 1, disputed: "8000", fees: "3000", reinstated: "6500" },
      { currency: "USD", opened: 1, won: 0, lost: 0, disputed: "0", fees: "0", reinstated: "0" },
    ]);
    // The money fields stay what the transactions moved.
    expect(report.body.days[0].volume).toEqual([
      { currency: "EUR", charged: "8000", refunded: "0", paid_out: "0", net: "8000" },
      { currency: "USD", charged: "700", refunded: "0", paid_out: "0", net: "700" },
    ]);

    const statuses = await callJson(gateway, "/reports/disputes", { shop: testShop });
    expect(statuses.body).toMatchObject({
      test: true,
      statuses: {
        won: 1,
        lost: 1,
        warning_needs_response: 1,
        needs_response: 0,
        under_review: 0,
        warning_under_review: 0,
        warning_closed: 0,
      },
      needs_response: 1,
      next_due_by: inquiry.evidence_due_by,
    });
  });

  it("keeps a live shop's test disputes out of its live figures", async () => {
    await disputed(liveShop, "4000000000000259", 4200);
    const live = await callJson(gateway, `/reports/daily?from=${today()}&to=${today()}`, { shop: liveShop });
    expect(live.body).toMatchObject({ test: false, days: [{ disputes: [] }] });
    const test = await callJson(gateway, `/reports/daily?from=${today()}&to=${today()}&test=true`, {
      shop: liveShop,
    });
    expect(test.body.days[0].disputes).toEqual([
      { currency: "EUR", opened: 1, won: 0, lost: 0, disputed: "4200", fees: "1500", reinstated: "0" },
    ]);
    expect((await callJson(gateway, "/reports/disputes", { shop: liveShop })).body).toMatchObject({
      test: false,
      needs_response: 0,
      next_due_by: null,
    });
    expect((await callJson(gateway, "/reports/disputes?test=true", { shop: liveShop })).body).toMatchObject({
      test: true,
      statuses: { needs_response: 1 },
    });
    expect((await callJson(gateway, "/reports/disputes?test=maybe", { shop: liveShop })).status).toBe(422);
  });
});

describe("the list as a to-do list, and a dispute's timeline", () => {
  it("lists those awaiting an answer due soonest first with order=due, and tells what happened to one", async () => {
    const shop = await gateway.createShop({ dispute_fee: 15 });
    const inquiry = await disputed(shop, "4000000000001976", 1000); // 10 days to answer
    clock.set(new Date(clock.now().getTime() + 1000));
    const chargeback = await disputed(shop, "4000000000000259", 2000); // 7 days
    clock.set(new Date(clock.now().getTime() + 1000));
    const closed = await disputed(shop, "4000000000002685", 3000);
    await callJson(gateway, `/disputes/${closed.id}/accept`, { shop, method: "POST" });

    const newest = await callJson(gateway, "/disputes", { shop });
    expect(newest.body.map((item: JsonBody) => item.id)).toEqual([closed.id, chargeback.id, inquiry.id]);
    const due = await callJson(gateway, "/disputes?order=due", { shop });
    expect(due.body.map((item: JsonBody) => item.id)).toEqual([chargeback.id, inquiry.id, closed.id]);
    expect((await callJson(gateway, "/disputes?order=sideways", { shop })).body.errors).toEqual({
      order: ["is not one of created, due"],
    });

    clock.set(new Date(clock.now().getTime() + DAY_MS));
    await callJson(gateway, `/disputes/${inquiry.id}/evidence`, {
      shop,
      body: { evidence: { uncategorized_text: "escalate_inquiry_evidence" }, submit: true },
    });
    clock.set(new Date(clock.now().getTime() + DAY_MS));
    await gateway.runtime.disputeFeed.sweepOnce();
    const timeline = await callJson(gateway, `/disputes/${inquiry.id}/timeline`, { shop });
    expect(timeline.status).toBe(200);
    expect(timeline.body.map((entry: JsonBody) => entry.event)).toEqual([
      "opened",
      "escalated",
      "funds_withdrawn",
    ]);
    expect(timeline.body[2]).toMatchObject({ amount: 1000, fee: 1500 });

    const accepted = await callJson(gateway, `/disputes/${closed.id}/timeline`, { shop });
    expect(accepted.body.map((entry: JsonBody) => [entry.event, entry.status])).toEqual([
      ["opened", null],
      ["funds_withdrawn", null],
      ["closed", "lost"],
    ]);
    const other = await gateway.createShop();
    expect((await callJson(gateway, `/disputes/${closed.id}/timeline`, { shop: other })).status).toBe(404);
  });
});

describe("early fraud warnings of a payment", () => {
  it("are listed to the payment's shop, actionable until what is left of it is refunded", async () => {
    const shop = await gateway.createShop();
    const payment = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { amount: 1800, currency: "EUR", duplicate_check: false },
        { number: "4000000000005423" },
      ),
    );
    const uid = payment.body.transaction.uid;
    await gateway.runtime.disputeFeed.sweepOnce();
    const listed = await callJson(gateway, `/early_fraud_warnings?transaction_uid=${uid}`, { shop });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        object: "early_fraud_warning",
        transaction_uid: uid,
        actionable: true,
        test: true,
      }),
    ]);
    const other = await gateway.createShop();
    expect(
      (await callJson(gateway, `/early_fraud_warnings?transaction_uid=${uid}`, { shop: other })).body,
    ).toEqual([]);
    expect((await callJson(gateway, "/early_fraud_warnings", { shop })).status).toBe(422);
    const refund = await postChild(gateway, shop, "refunds", {
      parent_uid: uid,
      amount: 1800,
      reason: "Fraud warning",
    });
    expect(refund.body.transaction.status).toBe("successful");
    const after = await callJson(gateway, `/early_fraud_warnings?transaction_uid=${uid}`, { shop });
    expect(after.body[0].actionable).toBe(false);
    expect((await callJson(gateway, `/disputes?transaction_uid=${uid}`, { shop })).body).toEqual([]);
  });
});
