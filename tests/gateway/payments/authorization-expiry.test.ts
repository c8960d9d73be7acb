import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import { childError, createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";

const DAY = 24 * 3600_000;

let gateway: TestGateway;
let clock: ManualClock;
let shop: TestShop;
let patientShop: TestShop;

beforeAll(async () => {
  clock = new ManualClock(new Date("2026-11-25T09:00:00.000Z"));
  gateway = await startTestGateway({ clock });
  [shop, patientShop] = await Promise.all([
    gateway.createShop(),
    gateway.createShop({ authorization_expiry_days: 30 }, "Patient Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

describe("authorization expiry", () => {
  it("captures until 7 days have passed, then no more", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    clock.advance(7 * DAY - 1000);
    const capture = await postChild(gateway, shop, "captures", { parent_uid: parent.uid, amount: 400 });
    expect(capture.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
      captured: 400,
      capturable: 600,
      authorization_expires_at: "2026-12-02T09:00:00.000Z",
    });

    clock.advance(1000);
    const late = await postChild(gateway, shop, "captures", { parent_uid: parent.uid, amount: 100 });
    expect({ status: late.status, body: late.body }).toEqual({
      status: 422,
      body: childError("Authorization expired at 2026-12-02T09:00:00.000Z; it can no longer be captured.", {
        base: ["Authorization expired at 2026-12-02T09:00:00.000Z; it can no longer be captured"],
      }),
    });
    // A refund of its capture is not bound by the authorization's expiry.
    const refund = await postChild(gateway, shop, "refunds", {
      parent_uid: capture.body.transaction.uid,
      amount: 400,
      reason: "Returned",
    });
    expect(refund.body.transaction.status).toBe("successful");
  });

  it("voids until it is captured, also after the expiry: releasing the hold moves no money", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    clock.advance(7 * DAY);
    const late = await postChild(gateway, shop, "captures", { parent_uid: parent.uid, amount: 1000 });
    expect(late.status).toBe(422);
    expect(late.body.errors.base[0]).toMatch(/^Authorization expired at .+; it can no longer be captured$/);
    const voided = await postChild(gateway, shop, "voids", { parent_uid: parent.uid, amount: 1000 });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toEqual({
      ...parent.amounts,
      voided: 1000,
      capturable: 0,
    });
  });

  it("follows the shop's own setting (authorization_expiry_days), changed through PATCH /shop too", async () => {
    const parent = await createParent(gateway, patientShop, { type: "authorization", amount: 1000 });
    clock.advance(29 * DAY);
    expect(
      (await postChild(gateway, patientShop, "captures", { parent_uid: parent.uid, amount: 100 })).body
        .transaction.status,
    ).toBe("successful");
    clock.advance(DAY);
    expect(
      (await postChild(gateway, patientShop, "captures", { parent_uid: parent.uid, amount: 200 })).status,
    ).toBe(422);

    const patched = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop,
      body: { settings: { authorization_expiry_days: 2 } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.shop.settings.authorization_expiry_days).toBe(2);
    const short = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    clock.advance(2 * DAY);
    // The shop directory caches a shop for a few seconds; the time between is the test clock's, not the cache's.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect(
      (await postChild(gateway, shop, "captures", { parent_uid: short.uid, amount: 1000 })).body.message,
    ).toMatch(/^Authorization expired at /);
  });

  it("refuses an expiry setting outside 1 to 31 days", async () => {
    const response = await callJson(gateway, "/shop", {
      method: "PATCH",
      shop,
      body: { settings: { authorization_expiry_days: 0 } },
    });
    expect(response.status).toBe(422);
  });

  it("shows from the start when the authorization expires, the same to the millisecond after its first capture", async () => {
    // A creation time with milliseconds: the expiry shown first must not be rounded differently from the later one.
    clock.advance(1_234);
    const parent = await createParent(gateway, patientShop, { type: "authorization", amount: 1000 });
    expect(parent.created_at).toMatch(/\.234Z$/);
    const fresh = {
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 1000,
      refundable: 0,
      authorization_expires_at: new Date(Date.parse(parent.created_at) + 30 * DAY).toISOString(),
    };
    expect(parent.amounts).toEqual(fresh);
    expect((await readTransaction(gateway, patientShop, parent.uid)).amounts).toEqual(fresh);

    const capture = await postChild(gateway, patientShop, "captures", {
      parent_uid: parent.uid,
      amount: 400,
    });
    expect(capture.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, patientShop, parent.uid)).amounts).toEqual({
      ...fresh,
      captured: 400,
      capturable: 600,
    });
  });
});
