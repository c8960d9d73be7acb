import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions } from "@/lib/db/schema";
import { childError, createParent, postChild, readTransaction } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";

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

const post = (path: "voids" | "captures", request: Record<string, unknown>, as: TestShop = shop) =>
  postChild(gateway, as, path, request);

/** Until a child of `parentUid` is reserved and waiting for the acquirer (`incomplete`). */
async function waitForChildInFlight(parentUid: string): Promise<void> {
  for (let polls = 0; polls < 200; polls++) {
    const [child] = await gateway.runtime.deps.db
      .select({ uid: transactions.uid })
      .from(transactions)
      .where(and(eq(transactions.parentUid, parentUid), eq(transactions.status, "incomplete")));
    if (child) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no child of ${parentUid} in flight`);
}

describe("POST /transactions/voids", () => {
  it("voids an uncaptured authorization in full; nothing can be captured after", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    const response = await post("voids", { parent_uid: parent.uid, amount: 1500 });
    expect(response.status).toBe(200);
    const voided = response.body.transaction;
    expect(voided).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "void",
      parent_uid: parent.uid,
      amount: 1500,
      currency: "USD",
      paid_at: null,
      void: { status: "successful", message: "Approved", bank_code: "00" },
    });
    expect(voided.capture).toBeUndefined();
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
      captured: 0,
      voided: 1500,
      capturable: 0,
    });
    const capture = await post("captures", { parent_uid: parent.uid, amount: 100 });
    expect({ status: capture.status, body: capture.body }).toEqual({
      status: 422,
      body: childError("Authorization has been voided; it can no longer be captured.", {
        base: ["Authorization has been voided; it can no longer be captured"],
      }),
    });
    const again = await post("voids", { parent_uid: parent.uid, amount: 1500, duplicate_check: false });
    expect(again.body).toEqual(
      childError("Authorization has already been voided.", {
        base: ["Authorization has already been voided"],
      }),
    );
  });

  it("refuses more than the authorization with the beGateway message, and less than all of it", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    const over = await post("voids", { parent_uid: parent.uid, amount: 1501 });
    expect({ status: over.status, body: over.body }).toEqual({
      status: 422,
      body: childError("Amount can't be greater than 1500.", { amount: ["can't be greater than 1500"] }),
    });
    const partial = await post("voids", { parent_uid: parent.uid, amount: 1000 });
    expect(partial.body).toEqual(
      childError("Amount must be 1500: a void releases the whole authorization.", {
        amount: ["must be 1500: a void releases the whole authorization"],
      }),
    );
    expect(parent.amounts.capturable).toBe(1500);
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toEqual(parent.amounts);
  });

  it("voids only an uncaptured authorization", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    expect((await post("captures", { parent_uid: parent.uid, amount: 100 })).status).toBe(200);
    const response = await post("voids", { parent_uid: parent.uid, amount: 1500 });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: childError("Authorization has been captured; only an uncaptured authorization can be voided.", {
        base: ["Authorization has been captured; only an uncaptured authorization can be voided"],
      }),
    });
  });

  it("a declined capture leaves the authorization uncaptured, so it can still be voided", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    const declined = await post("captures", { parent_uid: parent.uid, amount: 1051 });
    expect(declined.body.transaction.status).toBe("failed");
    expect((await post("voids", { parent_uid: parent.uid, amount: 1500 })).body.transaction.status).toBe(
      "successful",
    );
  });

  it("says what is in flight: a void the acquirer is still answering, a capture still being made", async () => {
    // Amounts ending in 091: the sandbox answers after a few seconds, so the first child is in flight meanwhile.
    const voiding = await createParent(gateway, shop, { type: "authorization", amount: 2091, via: "insert" });
    const slowVoid = post("voids", { parent_uid: voiding.uid, amount: 2091 });
    await waitForChildInFlight(voiding.uid);
    expect((await post("captures", { parent_uid: voiding.uid, amount: 1000 })).body.message).toBe(
      "Authorization is being voided; it can no longer be captured.",
    );
    expect((await post("voids", { parent_uid: voiding.uid, amount: 2091 })).body.message).toBe(
      "Authorization is already being voided.",
    );
    expect((await slowVoid).body.transaction.status).toBe("successful");
    expect((await post("voids", { parent_uid: voiding.uid, amount: 2091 })).body.message).toBe(
      "Authorization has already been voided.",
    );

    const capturing = await createParent(gateway, shop, {
      type: "authorization",
      amount: 3000,
      via: "insert",
    });
    const slowCapture = post("captures", { parent_uid: capturing.uid, amount: 1091 });
    await waitForChildInFlight(capturing.uid);
    expect((await post("voids", { parent_uid: capturing.uid, amount: 3000 })).body.message).toBe(
      "Authorization is being captured; only an uncaptured authorization can be voided.",
    );
    expect((await slowCapture).body.transaction.status).toBe("successful");
  }, 30_000);

  it("a declined void (amount ending in 005) leaves the authorization capturable", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 2005, via: "insert" });
    const declined = await post("voids", { parent_uid: parent.uid, amount: 2005 });
    expect(declined.body.transaction).toMatchObject({
      status: "failed",
      message: "Void was declined",
      void: { status: "failed", message: "Do not honour" },
    });
    expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
      voided: 0,
      capturable: 2005,
    });
    expect((await post("captures", { parent_uid: parent.uid, amount: 1000 })).status).toBe(200);
  });

  it("voids only a successful authorization of the shop's own", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 1500 });
    expect((await post("voids", { parent_uid: payment.uid, amount: 1500 })).body).toEqual(
      childError("Parent transaction is a payment; only an authorization can be voided.", {
        base: ["Parent transaction is a payment; only an authorization can be voided"],
      }),
    );
    const failed = await createParent(gateway, shop, {
      type: "authorization",
      amount: 1500,
      status: "failed",
    });
    expect((await post("voids", { parent_uid: failed.uid, amount: 1500 })).body.message).toBe(
      "Parent transaction is failed; only a successful authorization can be voided.",
    );
    const mine = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    const foreign = await post("voids", { parent_uid: mine.uid, amount: 1500 }, otherShop);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: 404,
      body: { message: "Record not found" },
    });
  });

  it("refuses a repeat within 30 s as a duplicate (before it is found voided)", async () => {
    const parent = await createParent(gateway, shop, { type: "authorization", amount: 1500 });
    const declined = await createParent(gateway, shop, {
      type: "authorization",
      amount: 3005,
      via: "insert",
    });
    expect((await post("voids", { parent_uid: declined.uid, amount: 3005 })).body.transaction.status).toBe(
      "failed",
    );
    // The declined void within 30 s: a retry must say duplicate_check false.
    expect((await post("voids", { parent_uid: declined.uid, amount: 3005 })).body.message).toBe(
      "Duplicate transaction",
    );
    expect((await post("voids", { parent_uid: parent.uid, amount: 1500 })).status).toBe(200);
  });
});
