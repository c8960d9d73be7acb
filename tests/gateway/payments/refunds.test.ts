import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { resumeChildTransactions } from "@/lib/gateway/payments/resume-child-transactions";
import { childError, createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

const refund = (request: Record<string, unknown>, as: TestShop = shop) =>
  postChild(gateway, as, "refunds", { reason: "Returned goods", ...request }, undefined);

describe("POST /transactions/refunds", () => {
  it("refunds a payment: a refund transaction with parent_uid, its refund object and the reason", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    const response = await refund({ parent_uid: payment.uid, amount: 2000 });
    expect(response.status).toBe(200);
    const refunded = response.body.transaction;
    expect(refunded).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "refund",
      parent_uid: payment.uid,
      amount: 2000,
      currency: "USD",
      reason: "Returned goods",
      paid_at: null,
      refund: { status: "successful", message: "Approved", bank_code: "00" },
    });
    expect(refunded.payment).toBeUndefined();
    expect((await readTransaction(gateway, shop, payment.uid)).amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 2000,
      capturable: 0,
      refundable: 0,
      authorization_expires_at: null,
    });
  });

  it("adds partial refunds up to the amount paid, and refuses what goes over the remainder", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    expect((await refund({ parent_uid: payment.uid, amount: 500 })).status).toBe(200);
    expect((await refund({ parent_uid: payment.uid, amount: 1200 })).status).toBe(200);
    const over = await refund({ parent_uid: payment.uid, amount: 301 });
    expect({ status: over.status, body: over.body }).toEqual({
      status: 422,
      body: childError("Amount can't be greater than 300.", { amount: ["can't be greater than 300"] }),
    });
    expect((await readTransaction(gateway, shop, payment.uid)).amounts).toMatchObject({
      refunded: 1700,
      refundable: 300,
    });
  });

  it("after partial refunds a payment reads as it was made: its keys in their order, only amounts and updated_at new", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    expect((await refund({ parent_uid: payment.uid, amount: 500 })).status).toBe(200);
    expect((await refund({ parent_uid: payment.uid, amount: 700 })).status).toBe(200);
    // Its refunds share its tracking id: the query answers them too.
    const byTrackingId = await callJson(gateway, `/transactions/tracking_id/${payment.tracking_id}`, {
      shop,
    });
    const found = byTrackingId.body.transactions.find((row: { uid: string }) => row.uid === payment.uid);
    for (const read of [await readTransaction(gateway, shop, payment.uid), found]) {
      // Key order is part of the wire format: the finishing step rewrites the parent's `amounts` where they stand.
      expect(Object.keys(read)).toEqual(Object.keys(payment));
      expect(Object.keys(read.amounts)).toEqual(Object.keys(payment.amounts));
      expect(read).toEqual({
        ...payment,
        amounts: { ...payment.amounts, refunded: 1200, refundable: 800 },
        updated_at: read.updated_at,
      });
    }
  });

  it("refunds a capture (not the authorization), up to the captured amount", async () => {
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    const ofAuthorization = await refund({ parent_uid: authorization.uid, amount: 100 });
    expect({ status: ofAuthorization.status, body: ofAuthorization.body }).toEqual({
      status: 422,
      body: childError(
        "Parent transaction is an authorization; only a payment or a capture can be refunded.",
        { base: ["Parent transaction is an authorization; only a payment or a capture can be refunded"] },
      ),
    });
    const capture = (
      await postChild(gateway, shop, "captures", { parent_uid: authorization.uid, amount: 1000 })
    ).body.transaction;
    const over = await refund({ parent_uid: capture.uid, amount: 1001 });
    expect(over.body).toEqual(
      childError("Amount can't be greater than 1000.", { amount: ["can't be greater than 1000"] }),
    );
    const refunded = await refund({ parent_uid: capture.uid, amount: 400 });
    expect(refunded.body.transaction).toMatchObject({ status: "successful", parent_uid: capture.uid });
    expect((await readTransaction(gateway, shop, capture.uid)).amounts).toMatchObject({
      refunded: 400,
      refundable: 600,
    });
    // The authorization's own remainders are about captures; its capture's refunds are the capture's.
    expect((await readTransaction(gateway, shop, authorization.uid)).amounts).toMatchObject({
      captured: 1000,
      capturable: 2000,
      refunded: 0,
    });
  });

  it("requires a reason: Reason can't be blank., word for word as the beGateway clients' tests expect", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    const response = await postChild(gateway, shop, "refunds", { parent_uid: payment.uid, amount: 2001 });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: childError("Reason can't be blank.", { reason: ["can't be blank"] }),
    });
    const blank = await refund({ parent_uid: payment.uid, amount: 100, reason: "  " });
    expect(blank.body.message).toBe("Reason can't be blank.");
    const long = await refund({ parent_uid: payment.uid, amount: 100, reason: "r".repeat(256) });
    expect(long.body).toEqual(
      childError("Reason is too long (maximum is 255 characters).", {
        reason: ["is too long (maximum is 255 characters)"],
      }),
    );
    // Refused before anything was reserved: the payment shows what it showed from the start.
    expect(payment.amounts.refundable).toBe(2000);
    expect((await readTransaction(gateway, shop, payment.uid)).amounts).toEqual(payment.amounts);
  });

  it("a declined refund (amount ending in 051) returns nothing: the amount stays refundable", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    const declined = await refund({ parent_uid: payment.uid, amount: 1051 });
    expect(declined.body.transaction).toMatchObject({
      status: "failed",
      message: "Refund was declined",
      refund: { status: "failed", message: "Insufficient funds", bank_code: "51" },
    });
    expect((await readTransaction(gateway, shop, payment.uid)).amounts).toMatchObject({
      refunded: 0,
      refundable: 2000,
    });
    expect((await refund({ parent_uid: payment.uid, amount: 2000 })).body.transaction.status).toBe(
      "successful",
    );
  });

  it("refunds only a successful payment of the shop's own, in its currency", async () => {
    const failed = await createParent(gateway, shop, { type: "payment", amount: 2000, status: "failed" });
    expect((await refund({ parent_uid: failed.uid, amount: 100 })).body).toEqual(
      childError("Parent transaction is failed; only a successful payment or capture can be refunded.", {
        base: ["Parent transaction is failed; only a successful payment or capture can be refunded"],
      }),
    );
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000, currency: "EUR" });
    const foreign = await refund({ parent_uid: payment.uid, amount: 100 }, otherShop);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: 404,
      body: { message: "Record not found" },
    });
    expect((await refund({ parent_uid: payment.uid, amount: 100, currency: "USD" })).body.errors).toEqual({
      currency: ["must be EUR, the currency of the parent transaction"],
    });
    const refunded = await refund({ parent_uid: payment.uid, amount: 100 });
    expect(refunded.body.transaction.currency).toBe("EUR");
  });

  it("refuses the same parent and amount within 30 s as a duplicate, unless duplicate_check is false", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 2000 });
    expect((await refund({ parent_uid: payment.uid, amount: 300 })).status).toBe(200);
    expect((await refund({ parent_uid: payment.uid, amount: 300 })).body).toEqual({
      message: "Duplicate transaction",
      errors: { base: ["Duplicate transaction"] },
    });
    const allowed = await refund({ parent_uid: payment.uid, amount: 300, duplicate_check: false });
    expect(allowed.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, payment.uid)).amounts.refunded).toBe(600);
  });
});

describe("a refund or capture the acquirer does not answer", () => {
  /** The sandbox acquirer, except that its next `failures` refund or capture calls fail without an answer. */
  class SilentAcquirer extends SandboxAcquirer {
    failures = 0;
    calls = 0;

    override refund(request: Parameters<SandboxAcquirer["refund"]>[0]) {
      return this.silent(() => super.refund(request));
    }

    override capture(request: Parameters<SandboxAcquirer["capture"]>[0]) {
      return this.silent(() => super.capture(request));
    }

    private silent<T>(answer: () => Promise<T>): Promise<T> {
      this.calls += 1;
      if (this.failures > 0) {
        this.failures -= 1;
        return Promise.reject(new Error("connection reset"));
      }
      return answer();
    }
  }

  let silentGateway: TestGateway;
  let clock: ManualClock;
  let acquirer: SilentAcquirer;
  let merchant: TestShop;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    acquirer = new SilentAcquirer();
    silentGateway = await startTestGateway({ clock, acquirer });
    merchant = await silentGateway.createShop();
  });

  afterAll(async () => {
    await silentGateway.close();
  });

  it("asks once more with the same key; with no answer the refund stays incomplete and keeps its amount", async () => {
    const payment = await createParent(silentGateway, merchant, { type: "payment", amount: 2000 });
    acquirer.failures = 1;
    const retried = await postChild(silentGateway, merchant, "refunds", {
      parent_uid: payment.uid,
      amount: 500,
      reason: "Returned",
    });
    expect(retried.body.transaction.status).toBe("successful");
    expect(acquirer.calls).toBe(2);

    acquirer.failures = 2;
    const silent = await postChild(silentGateway, merchant, "refunds", {
      parent_uid: payment.uid,
      amount: 1500,
      reason: "Returned",
    });
    expect(silent.status).toBe(200);
    expect(silent.body.transaction).toMatchObject({ status: "incomplete", type: "refund", message: null });
    expect(silent.body.transaction.refund.status).toBeNull();
    // Reserved: the money may have moved, so nothing more can be refunded until the acquirer says.
    const more = await postChild(silentGateway, merchant, "refunds", {
      parent_uid: payment.uid,
      amount: 1,
      reason: "Returned",
    });
    expect(more.body.message).toBe("Amount can't be greater than 0.");

    // Not stale yet: the sweep leaves it to the request.
    expect(await resumeChildTransactions({ deps: silentGateway.runtime.deps })).toBe(0);
    clock.advance(61_000);
    expect(await resumeChildTransactions({ deps: silentGateway.runtime.deps })).toBe(1);
    const resumed = await readTransaction(silentGateway, merchant, silent.body.transaction.uid);
    expect(resumed).toMatchObject({ status: "successful", message: "Successfully processed" });
    expect(resumed.refund.status).toBe("successful");
    expect((await readTransaction(silentGateway, merchant, payment.uid)).amounts).toMatchObject({
      refunded: 2000,
      refundable: 0,
    });
    expect(await resumeChildTransactions({ deps: silentGateway.runtime.deps })).toBe(0);
  });

  it("a capture without an answer has nothing refundable until the acquirer says it succeeded", async () => {
    const authorization = await createParent(silentGateway, merchant, {
      type: "authorization",
      amount: 1000,
    });
    acquirer.failures = 2;
    const silent = await postChild(silentGateway, merchant, "captures", {
      parent_uid: authorization.uid,
      amount: 600,
    });
    expect(silent.body.transaction).toMatchObject({
      status: "incomplete",
      type: "capture",
      amounts: {
        captured: 0,
        voided: 0,
        refunded: 0,
        capturable: 0,
        refundable: 0,
        authorization_expires_at: null,
      },
    });
    // Reserved, not yet captured: the authorization's figures count successful captures only.
    expect((await readTransaction(silentGateway, merchant, authorization.uid)).amounts).toEqual(
      authorization.amounts,
    );

    clock.advance(61_000);
    expect(await resumeChildTransactions({ deps: silentGateway.runtime.deps })).toBe(1);
    expect(
      (await readTransaction(silentGateway, merchant, silent.body.transaction.uid)).amounts,
    ).toMatchObject({
      refunded: 0,
      refundable: 600,
    });
    expect((await readTransaction(silentGateway, merchant, authorization.uid)).amounts).toEqual({
      ...authorization.amounts,
      captured: 600,
      capturable: 400,
    });
  });
});
