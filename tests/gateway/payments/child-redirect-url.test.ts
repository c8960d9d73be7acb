import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";

/** Captures, voids and refunds have no page for anyone to be sent to: `redirect_url` null, answered and stored. */

let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

describe("children's redirect_url", () => {
  it("is null for a capture, a void and a refund, and the parent keeps its own", async () => {
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
    const held = await createParent(gateway, shop, { type: "authorization", amount: 2000 });
    const children = [
      await postChild(gateway, shop, "captures", { parent_uid: authorization.uid, amount: 1000 }),
      await postChild(gateway, shop, "voids", { parent_uid: held.uid, amount: 2000 }),
      await postChild(gateway, shop, "refunds", { parent_uid: payment.uid, amount: 500, reason: "Back" }),
    ];
    for (const child of children) {
      expect(child.status, JSON.stringify(child.body)).toBe(200);
      expect(child.body.transaction.status).toBe("successful");
      expect(child.body.transaction.redirect_url).toBeNull();
      expect((await readTransaction(gateway, shop, child.body.transaction.uid)).redirect_url).toBeNull();
    }
    expect((await readTransaction(gateway, shop, payment.uid)).redirect_url).toMatch(
      new RegExp(`/process/${payment.uid}$`),
    );
  });
});
