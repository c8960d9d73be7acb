import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childError, createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { startWebhookReceiver } from "../webhook-receiver";

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

function capture(request: Record<string, unknown>, as: TestShop = shop) {
  return postChild(gateway, as, "captures", request);
}

describe("POST /transactions/captures", () => {
  it("captures an authorization in full: a capture transaction with parent_uid and its own capture object", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    const response = await capture({ parent_uid: parent.uid, amount: 1000 });
    expect(response.status).toBe(200);
    const captured = response.body.transaction;
    expect(captured).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "capture",
      parent_uid: parent.uid,
      amount: 1000,
      currency: "USD",
      tracking_id: parent.tracking_id,
      capture: { status: "successful", message: "Approved", bank_code: "00", gateway_id: 1 },
    });
    expect(captured.uid).toBe(captured.id);
    expect(captured.uid).not.toBe(parent.uid);
    expect(captured.capture.auth_code).toMatch(/^\d{6}$/);
    expect(captured.paid_at).not.toBeNull();
    expect(captured.credit_card.last_4).toBe(parent.credit_card.last_4);
    // A capture is a refund's parent in turn.
    expect(captured.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 0,
      refundable: 1000,
      authorization_expires_at: null,
    });
    const after = await readTransaction(gateway, shop, parent.uid);
    expect(after.amounts).toMatchObject({
      captured: 1000,
      voided: 0,
      capturable: 0,
      refunded: 0,
      refundable: 0,
    });
    expect(after.status).toBe("successful");
    expect(await readTransaction(gateway, shop, captured.uid)).toEqual(captured);
  });

  it("finds the authorization capturable from its creation; a partial capture changes only the totals", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    expect(parent.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 1000,
      refundable: 0,
      authorization_expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await readTransaction(gateway, shop, parent.uid)).toEqual(parent);
    expect((await capture({ parent_uid: parent.uid, amount: 250 })).status).toBe(200);
    // The expiry the database writes with the first child is the one shown before it, to the millisecond.
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toEqual({
      ...parent.amounts,
      captured: 250,
      capturable: 750,
    });
  });

  it("adds partial captures up to the authorized amount, and refuses what goes over the remainder", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    expect((await capture({ parent_uid: parent.uid, amount: 300 })).status).toBe(200);
    expect((await capture({ parent_uid: parent.uid, amount: 400 })).status).toBe(200);
    const over = await capture({ parent_uid: parent.uid, amount: 301 });
    expect({ status: over.status, body: over.body }).toEqual({
      status: 422,
      body: childError("Amount can't be greater than 300.", { amount: ["can't be greater than 300"] }),
    });
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
      captured: 700,
      capturable: 300,
    });
    // The same amount again within 30 s: a new capture, not a repeat, says duplicate_check false.
    expect((await capture({ parent_uid: parent.uid, amount: 300, duplicate_check: false })).status).toBe(200);
    const nothingLeft = await capture({ parent_uid: parent.uid, amount: 1 });
    expect(nothingLeft.body).toEqual(
      childError("Amount can't be greater than 0.", { amount: ["can't be greater than 0"] }),
    );
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
      captured: 1000,
      capturable: 0,
    });
  });

  it("refuses more than the authorization at once, as the beGateway clients' tests expect", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 2500 });
    const response = await capture({ parent_uid: parent.uid, amount: 2501 });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/Amount can't be greater than/);
    expect(response.body.message).toBe("Amount can't be greater than 2500.");
  });

  it("a declined capture (amount ending in 005) takes nothing: the amount stays capturable", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    const declined = await capture({ parent_uid: parent.uid, amount: 1005 });
    expect(declined.status).toBe(200);
    expect(declined.body.transaction).toMatchObject({
      status: "failed",
      message: "Capture was declined",
      capture: { status: "failed", message: "Do not honour", bank_code: "05" },
      paid_at: null,
      // Nothing of it to refund.
      amounts: {
        captured: 0,
        voided: 0,
        refunded: 0,
        capturable: 0,
        refundable: 0,
        authorization_expires_at: null,
      },
    });
    expect(await readTransaction(gateway, shop, declined.body.transaction.uid)).toEqual(
      declined.body.transaction,
    );
    const errored = await capture({ parent_uid: parent.uid, amount: 1096 });
    expect(errored.body.transaction).toMatchObject({
      status: "error",
      capture: { status: "error", bank_code: "96" },
      amounts: { refundable: 0 },
    });
    // As it was before: the children that took nothing changed nothing, its expiry included.
    expect(parent.amounts.capturable).toBe(3000);
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toEqual(parent.amounts);
    expect((await capture({ parent_uid: parent.uid, amount: 3000 })).body.transaction.status).toBe(
      "successful",
    );
  });

  it("captures in the authorization's currency only", async () => {
    const parent = await createParent(gateway, shop, {
      type: "authorization",
      amount: 1000,
      currency: "EUR",
    });
    const wrong = await capture({ parent_uid: parent.uid, amount: 100, currency: "USD" });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 422,
      body: childError("Currency must be EUR, the currency of the parent transaction.", {
        currency: ["must be EUR, the currency of the parent transaction"],
      }),
    });
    const same = await capture({ parent_uid: parent.uid, amount: 100, currency: "EUR" });
    expect(same.body.transaction.currency).toBe("EUR");
    const omitted = await capture({ parent_uid: parent.uid, amount: 200 });
    expect(omitted.body.transaction.currency).toBe("EUR");
  });

  it("captures only a successful authorization", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 1000 });
    const ofPayment = await capture({ parent_uid: payment.uid, amount: 100 });
    expect({ status: ofPayment.status, body: ofPayment.body }).toEqual({
      status: 422,
      body: childError("Parent transaction is a payment; only an authorization can be captured.", {
        base: ["Parent transaction is a payment; only an authorization can be captured"],
      }),
    });
    const failed = await createParent(gateway, shop, {
      type: "authorization",
      amount: 1000,
      status: "failed",
    });
    expect((await capture({ parent_uid: failed.uid, amount: 100 })).body).toEqual(
      childError("Parent transaction is failed; only a successful authorization can be captured.", {
        base: ["Parent transaction is failed; only a successful authorization can be captured"],
      }),
    );
    const pending = await createParent(gateway, shop, {
      type: "authorization",
      amount: 1000,
      status: "incomplete",
    });
    expect((await capture({ parent_uid: pending.uid, amount: 100 })).body.message).toBe(
      "Parent transaction is incomplete; only a successful authorization can be captured.",
    );
  });

  it("answers 404 Record not found for another shop's or an unknown parent", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    const foreign = await capture({ parent_uid: parent.uid, amount: 100 }, otherShop);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: 404,
      body: { message: "Record not found" },
    });
    const unknown = await capture({ parent_uid: "00000000-0000-4000-8000-000000000000", amount: 100 });
    expect(unknown.status).toBe(404);
    const malformed = await capture({ parent_uid: "1-310b0da80b", amount: 100 });
    expect(malformed.body).toEqual({ message: "Record not found" });
    expect(parent.amounts.capturable).toBe(1000);
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toEqual(parent.amounts);
  });

  it("validates the request: parent_uid and amount are required, amount a positive integer", async () => {
    const missing = await capture({});
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 422,
      body: childError("Parent uid can't be blank. Amount can't be blank.", {
        parent_uid: ["can't be blank"],
        amount: ["can't be blank"],
      }),
    });
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    const zero = await capture({ parent_uid: parent.uid, amount: 0 });
    expect(zero.body).toEqual(
      childError("Amount must be greater than 0.", { amount: ["must be greater than 0"] }),
    );
    // beGateway clients send JSON null for unset optional fields, and amounts as strings of digits too.
    const nulls = await capture({
      parent_uid: parent.uid,
      amount: "250",
      currency: null,
      tracking_id: null,
      duplicate_check: null,
    });
    expect(nulls.body.transaction).toMatchObject({ status: "successful", amount: 250 });
    const notJson = await callJson(gateway, "/transactions/captures", { shop, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("refuses the same parent and amount within 30 s as a duplicate, unless duplicate_check is false", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    expect((await capture({ parent_uid: parent.uid, amount: 100 })).status).toBe(200);
    const duplicate = await capture({ parent_uid: parent.uid, amount: 100 });
    expect({ status: duplicate.status, body: duplicate.body }).toEqual({
      status: 422,
      body: { message: "Duplicate transaction", errors: { base: ["Duplicate transaction"] } },
    });
    expect((await capture({ parent_uid: parent.uid, amount: 101 })).status).toBe(200);
    const allowed = await capture({ parent_uid: parent.uid, amount: 100, duplicate_check: false });
    expect(allowed.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, parent.uid)).amounts.captured).toBe(301);
  });

  it("sends the capture to the authorization's notification_url, signed like every webhook", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const parent = await createParent(gateway, shop, {
        type: "authorization",
        amount: 1000,
        notificationUrl: `${receiver.origin}/hooks`,
      });
      const captured = (await capture({ parent_uid: parent.uid, amount: 500 })).body.transaction;
      await gateway.runtime.notifications.runOnce();
      const delivered = receiver.received.map((request) => JSON.parse(request.body).transaction);
      const mine = delivered.filter((transaction) => transaction.uid === captured.uid);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toEqual(await readTransaction(gateway, shop, captured.uid));
      expect(mine[0]).toMatchObject({ type: "capture", parent_uid: parent.uid, status: "successful" });
    } finally {
      await receiver.close();
    }
  });

  it("answers 405 to other methods on the path", async () => {
    const response = await callJson(gateway, "/transactions/captures", { shop });
    expect(response.status).toBe(405);
  });
});
