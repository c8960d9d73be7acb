import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway, type TestShop } from "./harness";
import { createParent, postChild, readTransaction } from "./money-helpers";

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

describe("POST /transactions/captures", () => {
  it("captures an authorization in full: a capture transaction with parent_uid and its own capture object", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    const response = await postChild(gateway, shop, "captures", { parent_uid: parent.uid, amount: 1000 });
    expect(response.status).toBe(200);
    const capture = response.body.transaction;
    expect(capture).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "capture",
      parent_uid: parent.uid,
      amount: 1000,
      currency: "USD",
      capture: { status: "successful", message: "Approved", bank_code: "00", gateway_id: 1 },
    });
    expect(capture.uid).toBe(capture.id);
    expect(capture.capture.auth_code).toMatch(/^\d{6}$/);
    expect(capture.paid_at).not.toBeNull();
    expect(capture.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 0,
      refundable: 1000,
      authorization_expires_at: null,
    });
    const after = await readTransaction(gateway, shop, parent.uid);
    expect(after.amounts).toMatchObject({ captured: 1000, voided: 0, capturable: 0 });
    expect(await readTransaction(gateway, shop, capture.uid)).toEqual(capture);
  });
});
