import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { type ChildOwnBody, renderChildBody } from "@/lib/gateway/transactions/child-body";
import type { OwnBody } from "@/lib/gateway/transactions/own-body";
import { type RenderableRow, transactionFromRow } from "@/lib/gateway/transactions/transaction-view";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";

/**
 * A child's body, as its response renders it from its own stored facts and its parent's body (`renderChildBody`):
 * every key where beGateway's clients find it, the parent's card, customer and echoed fields, the child's own amount,
 * tracking id and result — while the acquirer has not answered, and after.
 */

/** The sandbox acquirer, except that refunds and captures get no answer while `silent` is set. */
class SilentAcquirer extends SandboxAcquirer {
  silent = false;

  override refund(request: Parameters<SandboxAcquirer["refund"]>[0]) {
    return this.silent ? Promise.reject(new Error("connection reset")) : super.refund(request);
  }

  override capture(request: Parameters<SandboxAcquirer["capture"]>[0]) {
    return this.silent ? Promise.reject(new Error("connection reset")) : super.capture(request);
  }
}

let gateway: TestGateway;
let shop: TestShop;
const acquirer = new SilentAcquirer();

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer });
  shop = await gateway.createShop();
});

afterAll(async () => {
  acquirer.silent = false;
  await gateway.close();
});

// biome-ignore format: one key order a line, as the response has it
const KEYS_BEFORE_RESULT = ["uid", "id", "status", "message", "amount", "currency", "description", "tracking_id", "language", "type", "payment_method_type", "test", "paid_at", "redirect_url", "status_code", "duplicate_check", "dynamic_billing_descriptor", "notification_url", "verification_url", "return_url", "skip_three_d_secure_verification", "force_three_d_secure_verification", "three_d_secure", "credit_card"];
// biome-ignore format: one key order a line
const KEYS_AFTER_RESULT = ["three_d_secure_verification", "additional_data", "smart_routing_verification", "customer", "billing_address", "travel", "parent_uid", "receipt_url"];

const childKeys = (type: "capture" | "void" | "refund") => [
  ...KEYS_BEFORE_RESULT,
  type,
  ...KEYS_AFTER_RESULT,
  ...(type === "capture" ? ["amounts"] : type === "refund" ? ["reason"] : []),
  "created_at",
  "updated_at",
];

/** What a child takes from its parent as it is. */
// biome-ignore format: one list
const INHERITED = ["description", "language", "payment_method_type", "test", "status_code", "dynamic_billing_descriptor", "notification_url", "verification_url", "return_url", "skip_three_d_secure_verification", "force_three_d_secure_verification", "three_d_secure", "credit_card", "additional_data", "smart_routing_verification", "customer", "billing_address", "travel"];

async function child(
  path: "refunds" | "captures" | "voids",
  parent: JsonBody,
  request: Record<string, unknown>,
): Promise<JsonBody> {
  const response = await postChild(gateway, shop, path, { parent_uid: parent.uid, ...request });
  expect(response.status).toBe(200);
  const body = response.body.transaction;
  const type = path === "refunds" ? "refund" : path === "captures" ? "capture" : "void";
  expect(Object.keys(body)).toEqual(childKeys(type));
  expect(await readTransaction(gateway, shop, body.uid)).toEqual(body);
  for (const key of INHERITED) expect({ [key]: body[key] }).toEqual({ [key]: parent[key] });
  expect(body).toMatchObject({
    type,
    parent_uid: parent.uid,
    amount: request.amount,
    currency: parent.currency,
    tracking_id: request.tracking_id ?? parent.tracking_id,
    duplicate_check: request.duplicate_check ?? true,
    redirect_url: null,
    three_d_secure_verification: { status: null, message: null },
  });
  return body;
}

describe("a child's body", () => {
  it("a refund: the payment's fields, its own amount, the parent's tracking id or its own, and the reason last", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
    const refund = await child("refunds", payment, { amount: 1000, reason: "Returned goods" });
    expect(refund).toMatchObject({ status: "successful", reason: "Returned goods", paid_at: null });
    expect(refund.receipt_url).toContain(refund.uid);
    const own = await child("refunds", payment, { amount: 900, reason: "Again", tracking_id: "own-a;own-b" });
    // Found by each of its own tracking ids, not by the parent's.
    const found = await callJson(gateway, "/transactions/tracking_id/own-b", { shop });
    expect(found.body.transactions.map((transaction: JsonBody) => transaction.uid)).toEqual([own.uid]);
  });

  it("a capture has amounts of its own; its refund inherits the authorization's fields through it", async () => {
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    const capture = await child("captures", authorization, { amount: 2000, currency: "USD" });
    expect(capture.amounts).toMatchObject({ captured: 0, capturable: 0, refunded: 0, refundable: 2000 });
    expect(capture.paid_at).not.toBeNull();
    await child("refunds", capture, { amount: 500, reason: "Part", duplicate_check: false });
  });

  it("a void", async () => {
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    expect((await child("voids", authorization, { amount: 3000 })).status).toBe("successful");
  });

  it("while the acquirer has not answered: an empty result, no receipt, a capture with nothing refundable", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
    acquirer.silent = true;
    try {
      const refund = await child("refunds", payment, { amount: 100, reason: "Silent" });
      const capture = await child("captures", authorization, { amount: 3000 });
      for (const [pending, type] of [
        [refund, "refund"],
        [capture, "capture"],
      ] as const) {
        expect(pending).toMatchObject({
          status: "incomplete",
          message: null,
          paid_at: null,
          receipt_url: null,
        });
        expect(pending[type]).toEqual({
          status: null,
          message: null,
          auth_code: null,
          rrn: null,
          ref_id: null,
          bank_code: null,
          billing_descriptor: null,
          gateway_id: expect.any(Number),
        });
      }
      expect(capture.amounts).toEqual({
        captured: 0,
        voided: 0,
        refunded: 0,
        capturable: 0,
        refundable: 0,
        authorization_expires_at: null,
      });
    } finally {
      acquirer.silent = false;
    }
  });
});

describe("what a child stores", () => {
  it("its own facts only: the card, customer and echoed fields are its parent's, rendered at read", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
    const refund = await child("refunds", payment, { amount: 700, reason: "Stored once" });
    const [row] = await queryRows<{ body: string }>(
      gateway.runtime.deps.db,
      sql`select body::text as body from transactions where uid = ${refund.uid}`,
    );
    const stored = JSON.parse(row.body);
    expect(Object.keys(stored)).toEqual([
      "message",
      "duplicate_check",
      "paid_at",
      "result",
      "receipt_url",
      "reason",
    ]);
    expect(stored).toMatchObject({ message: refund.message, reason: "Stored once", result: refund.refund });
    for (const inherited of ['"credit_card"', '"customer"', '"description"'])
      expect(row.body).not.toContain(inherited);
  });

  it("is rendered with its origin's subscription after the echoed fields, before its parent", () => {
    const origin = {
      message: "Successfully processed",
      description: "Renewal",
      credit_card: { last_4: "4242" },
      result: { status: "successful" },
      customer: null,
      receipt_url: "https://pay.example/receipt",
      subscription_id: "sbs_0123456789abcdef",
    } as unknown as OwnBody;
    const own: ChildOwnBody = {
      message: null,
      duplicate_check: true,
      paid_at: null,
      result: { status: null } as ChildOwnBody["result"],
      receipt_url: null,
      reason: "Why",
    };
    const body = renderChildBody(
      origin,
      {
        type: "refund",
        amount: 40,
        currency: "EUR",
        trackingId: "t",
        parentUid: "p-1",
        test: true,
        status: "incomplete",
        captured: 0,
        voided: 0,
        refunded: 0,
      },
      own,
    );
    expect(
      Object.entries(body)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key),
    ).toEqual([
      "message",
      "amount",
      "currency",
      "description",
      "tracking_id",
      "type",
      "payment_method_type",
      "test",
      "paid_at",
      "redirect_url",
      "status_code",
      "duplicate_check",
      "credit_card",
      "refund",
      "three_d_secure_verification",
      "customer",
      "subscription_id",
      "parent_uid",
      "receipt_url",
      "reason",
    ]);
    expect(body).toMatchObject({
      amount: 40,
      description: "Renewal",
      parent_uid: "p-1",
      receipt_url: null,
      refund: { status: null },
      subscription_id: "sbs_0123456789abcdef",
    });
  });

  it("is never rendered without its parent's body", () => {
    const row = { uid: "c-1", type: "refund", body: {}, originBody: null } as unknown as RenderableRow;
    expect(() => transactionFromRow(row)).toThrow("rendered with its parent's body");
  });
});
