import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { idempotencyKeys, transactions } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { resumeChildTransactions } from "@/lib/gateway/payments/resume-child-transactions";
import { createParent, postChild } from "../child-helpers";
import {
  callJson,
  type JsonResponse,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, RecordingAcquirer } from "../money-helpers";

/**
 * The store failing after the acquirer answered (a lost connection, a full disk): the seam is the one function
 * each kind of transaction stores its acquirer answer with. `before` fails instead of storing; `after` stores, then
 * fails, as a connection lost after the commit would.
 */
const storeFailure = vi.hoisted(() => ({ next: null as "before" | "after" | null }));

async function failingStore<T>(store: () => Promise<T>): Promise<T> {
  const failure = storeFailure.next;
  storeFailure.next = null;
  if (failure === "before") throw new Error("injected: the store failed before the answer was written");
  const stored = await store();
  if (failure === "after") throw new Error("injected: the connection was lost after the answer was written");
  return stored;
}

vi.mock("@/lib/gateway/transactions/finish-money-transaction", async (importOriginal) => {
  const original =
    await importOriginal<typeof import("@/lib/gateway/transactions/finish-money-transaction")>();
  return {
    ...original,
    finishMoneyTransaction: (...args: Parameters<typeof original.finishMoneyTransaction>) =>
      failingStore(() => original.finishMoneyTransaction(...args)),
  };
});

vi.mock("@/lib/gateway/payments/finish-child-transaction", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/gateway/payments/finish-child-transaction")>();
  return {
    ...original,
    finishChildTransaction: (...args: Parameters<typeof original.finishChildTransaction>) =>
      failingStore(() => original.finishChildTransaction(...args)),
  };
});

let gateway: TestGateway;
let shop: TestShop;
let clock: ManualClock;
const acquirer = new RecordingAcquirer();
let seed = 990_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock, acquirer });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

function post(path: string, body: unknown, requestId: string): Promise<JsonResponse> {
  return callJson(gateway, path, { shop, body, headers: { RequestID: requestId } });
}

async function keyRow(key: string) {
  const [row] = await gateway.runtime.deps.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row;
}

async function transactionStatus(uid: string): Promise<string> {
  const [row] = await gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return row.status;
}

describe("a RequestID whose request failed after the acquirer answered", () => {
  it("payment: its repeat finishes the payment the failed request left (asking by the same key), then replays it", async () => {
    const body = paymentRequest({ amount: 4_321 }, { number: uniqueVisaNumber(seed++) });
    const calls = acquirer.calls.length;
    storeFailure.next = "before";
    const failed = await post("/transactions/payments", body, "pay-store-fails");
    expect(failed.status).toBe(500);
    const charged = acquirer.calls.slice(calls);
    expect(charged).toHaveLength(1);
    const uid = charged[0].idempotencyKey;
    expect(await transactionStatus(uid)).toBe("incomplete");
    expect(await keyRow("pay-store-fails")).toMatchObject({ state: "held", transactionUid: uid });

    // The merchant retries: the request is over, so the repeat finishes its payment now, as the sweep would later,
    // asking the acquirer again with the payment's own key (which answers as it did: no second charge).
    const retried = await post("/transactions/payments", body, "pay-store-fails");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body.transaction).toMatchObject({ uid, status: "successful", amount: 4_321 });
    expect(await transactionStatus(uid)).toBe("successful");
    const again = await post("/transactions/payments", body, "pay-store-fails");
    expect(again.body).toEqual(retried.body);
    expect(await keyRow("pay-store-fails")).toMatchObject({ state: "completed", responseStatus: 200 });
    // Nothing left for the sweep, and every acquirer call was for this one payment, under its key.
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(0);
    expect(new Set(acquirer.calls.slice(calls).map((call) => call.idempotencyKey))).toEqual(new Set([uid]));
  });

  it("payment: a failure after the answer was stored replays that answer at once", async () => {
    const body = paymentRequest({ amount: 4_322 }, { number: uniqueVisaNumber(seed++) });
    const calls = acquirer.calls.length;
    storeFailure.next = "after";
    expect((await post("/transactions/payments", body, "pay-lost-after-commit")).status).toBe(500);
    const uid = acquirer.calls[calls].idempotencyKey;
    const retried = await post("/transactions/payments", body, "pay-lost-after-commit");
    expect(retried.status).toBe(200);
    expect(retried.body.transaction).toMatchObject({ uid, status: "successful" });
    expect(acquirer.calls.length).toBe(calls + 1);
  });

  it("payout: its repeat finishes the payout the failed request left, then replays it; one payout", async () => {
    const { verification_value: _, ...payee } = paymentRequest({}, { number: uniqueVisaNumber(seed++) })
      .request.credit_card as Record<string, unknown>;
    const body = { request: { amount: 4_324, currency: "EUR", description: "Payout", credit_card: payee } };
    const calls = acquirer.calls.length;
    storeFailure.next = "before";
    const failed = await post("/transactions/credits", body, "payout-store-fails");
    expect(failed.status).toBe(500);
    const paidOut = acquirer.calls.slice(calls);
    expect(paidOut.map((call) => call.operation)).toEqual(["credit"]);
    const uid = paidOut[0].idempotencyKey;
    expect(await keyRow("payout-store-fails")).toMatchObject({ state: "held", transactionUid: uid });

    const retried = await post("/transactions/credits", body, "payout-store-fails");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body.transaction).toMatchObject({ uid, type: "credit", amount: 4_324 });
    expect(await transactionStatus(uid)).not.toBe("incomplete");
    // No second payout under a new transaction: whatever the acquirer was asked, it was asked for this one.
    expect(new Set(acquirer.calls.slice(calls).map((call) => call.idempotencyKey))).toEqual(new Set([uid]));
  });

  it("refund: stays taken (409) until the sweep finishes the refund, then replays its answer; one refund", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 10_000 });
    const body = { request: { parent_uid: payment.uid, amount: 2_500, reason: "Returned goods" } };
    const calls = acquirer.calls.length;
    storeFailure.next = "before";
    const failed = await post("/transactions/refunds", body, "refund-store-fails");
    expect(failed.status).toBe(500);
    const refunds = acquirer.calls.slice(calls);
    expect(refunds.map((call) => call.operation)).toEqual(["refund"]);
    const uid = refunds[0].idempotencyKey;
    expect(await transactionStatus(uid)).toBe("incomplete");

    const retried = await post("/transactions/refunds", body, "refund-store-fails");
    expect(retried.status).toBe(409);
    expect(acquirer.calls.length).toBe(calls + 1);
    // Not the key's transaction: a second refund under another key still sees the first one's amount reserved.
    const other = await postChild(gateway, shop, "refunds", {
      parent_uid: payment.uid,
      amount: 7_501,
      reason: "More",
    });
    expect(other.status).toBe(422);

    clock.advance(61_000);
    expect(await resumeChildTransactions({ deps: gateway.runtime.deps })).toBe(1);
    expect(await transactionStatus(uid)).toBe("successful");
    const replayed = await post("/transactions/refunds", body, "refund-store-fails");
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body.transaction).toMatchObject({
      uid,
      status: "successful",
      type: "refund",
      amount: 2_500,
    });
    expect(acquirer.calls.slice(calls).filter((call) => call.operation === "refund").length).toBe(2);
    expect(new Set(acquirer.calls.slice(calls).map((call) => call.idempotencyKey))).toEqual(new Set([uid]));
  });

  it("a request that failed before reaching the acquirer still gives its key up", async () => {
    const body = paymentRequest({ amount: 4_323 }, { number: uniqueVisaNumber(seed++) });
    // Refused in validation, before any money could move: a 422 is kept for replay as before, with no transaction.
    const invalid = await post(
      "/transactions/payments",
      { request: { ...body.request, amount: "x" } },
      "pay-never-asked",
    );
    expect(invalid.status).toBe(422);
    expect(await keyRow("pay-never-asked")).toMatchObject({ state: "completed", transactionUid: null });
  });
});
