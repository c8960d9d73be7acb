import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";

/**
 * An authorization's expiry is fixed when it is made: changing the shop's `authorization_expiry_days` afterwards
 * neither revives an expired hold nor ends a running one; it counts for authorizations made after the change.
 */

const DAY = 24 * 3600_000;

let gateway: TestGateway;
let clock: ManualClock;
let shop: TestShop;

beforeAll(async () => {
  clock = new ManualClock(new Date("2026-11-25T09:00:00.000Z"));
  gateway = await startTestGateway({ clock });
  shop = await gateway.createShop({ authorization_expiry_days: 7 });
});

afterAll(async () => {
  await gateway.close();
});

async function setExpiryDays(days: number): Promise<void> {
  const patched = await callJson(gateway, "/shop", {
    method: "PATCH",
    shop,
    body: { settings: { authorization_expiry_days: days } },
  });
  expect(patched.status).toBe(200);
  // The shop directory caches a shop for a few seconds: wait them out, in real time (the test clock stands still).
  await new Promise((resolve) => setTimeout(resolve, 5_100));
}

describe("an authorization's expiry", () => {
  it("is fixed at its creation, whatever the shop's setting becomes", async () => {
    const week = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    expect(week.amounts.authorization_expires_at).toBe("2026-12-02T09:00:00.000Z");

    // Shortening the setting does not end the week-long hold.
    await setExpiryDays(1);
    const day = await createParent(gateway, shop, { type: "authorization", amount: 2000 });
    expect(day.amounts.authorization_expires_at).toBe("2026-11-26T09:00:00.000Z");
    clock.advance(2 * DAY);
    const captured = await postChild(gateway, shop, "captures", { parent_uid: week.uid, amount: 400 });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, week.uid)).amounts).toMatchObject({
      captured: 400,
      authorization_expires_at: "2026-12-02T09:00:00.000Z",
    });

    // Lengthening it does not revive the day-long hold, which has expired.
    await setExpiryDays(30);
    const late = await postChild(gateway, shop, "captures", { parent_uid: day.uid, amount: 2000 });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({
      base: ["Authorization expired at 2026-11-26T09:00:00.000Z; it can no longer be captured"],
    });
    expect((await readTransaction(gateway, shop, day.uid)).amounts.authorization_expires_at).toBe(
      "2026-11-26T09:00:00.000Z",
    );
    // Its hold can still be released.
    const voided = await postChild(gateway, shop, "voids", { parent_uid: day.uid, amount: 2000 });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.transaction.status).toBe("successful");
    expect((await readTransaction(gateway, shop, day.uid)).amounts).toMatchObject({
      voided: 2000,
      capturable: 0,
      authorization_expires_at: "2026-11-26T09:00:00.000Z",
    });

    // The week-long hold still ends on its own date, not thirty days after its creation.
    clock.advance(5 * DAY);
    const afterWeek = await postChild(gateway, shop, "captures", { parent_uid: week.uid, amount: 100 });
    expect(afterWeek.status).toBe(422);
    expect(afterWeek.body.errors.base[0]).toBe(
      "Authorization expired at 2026-12-02T09:00:00.000Z; it can no longer be captured",
    );

    // New authorizations follow the new setting.
    const month = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    expect(month.amounts.authorization_expires_at).toBe("2027-01-01T09:00:00.000Z");
  });
});
