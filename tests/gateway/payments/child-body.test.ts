import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { arrayLiteral } from "@/lib/db/json-insert";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { childBodyPlan } from "@/lib/gateway/payments/child-body";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";

/**
 * A child's body, as the reservation builds it from its parent's in the database (`tessera_merge_json` carrying out
 * `childBodyPlan`, in the statement that reads the parent): every key where beGateway's clients find it, the
 * parent's card, customer and echoed fields, the child's own amount, tracking id and result — while the acquirer
 * has not answered, and after.
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

interface Plan {
  drop: string[];
  overrides: Record<string, unknown>;
  after: string;
  inserted: Record<string, unknown>;
  tail: Record<string, unknown>;
}

/** tessera_merge_json's contract, written plainly: the entries of the merged object in order. */
function mergeModel(base: Record<string, unknown>, plan: Plan): [string, unknown][] {
  const placed = new Set([...Object.keys(plan.inserted), ...Object.keys(plan.tail)]);
  const merged: [string, unknown][] = [];
  const kept = new Set<string>();
  let anchored = false;
  for (const [key, value] of Object.entries(base)) {
    if (plan.drop.includes(key) || placed.has(key)) continue;
    merged.push([key, key in plan.overrides ? plan.overrides[key] : value]);
    kept.add(key);
    if (key === plan.after) {
      merged.push(...Object.entries(plan.inserted));
      anchored = true;
    }
  }
  for (const entry of Object.entries(plan.overrides))
    if (!kept.has(entry[0]) && !placed.has(entry[0])) merged.push(entry);
  if (!anchored) merged.push(...Object.entries(plan.inserted));
  merged.push(...Object.entries(plan.tail));
  return merged;
}

async function mergeInDatabase(base: Record<string, unknown>, plan: Plan): Promise<[string, unknown][]> {
  const [row] = await queryRows<{ merged: string }>(
    gateway.runtime.deps.db,
    sql`select tessera_merge_json(${JSON.stringify(base)}::json, ${arrayLiteral(plan.drop)}::text[],
      ${JSON.stringify(plan.overrides)}::json, ${plan.after}, ${JSON.stringify(plan.inserted)}::json,
      ${JSON.stringify(plan.tail)}::json)::text as merged`,
  );
  return Object.entries(JSON.parse(row.merged));
}

describe("tessera_merge_json", () => {
  // Keys that are not integers: JavaScript puts those first whatever the order.
  const key = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "credit_card", "type");
  const value = fc.oneof(
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.constant(null),
    fc.dictionary(key, fc.integer(), { maxKeys: 2 }),
  );
  const object = fc.dictionary(key, value, { maxKeys: 8 });

  it("keeps the base's order, overrides in place, inserts after the anchor, and appends the rest", async () => {
    await fc.assert(
      fc.asyncProperty(
        object,
        fc.uniqueArray(key, { maxLength: 3 }),
        object,
        key,
        object,
        object,
        async (base, drop, overrides, after, inserted, tailAll) => {
          // A key is placed once: the tail's keys are not among the inserted ones.
          const tail = Object.fromEntries(Object.entries(tailAll).filter(([name]) => !(name in inserted)));
          const plan = { drop, overrides, after, inserted, tail };
          expect(await mergeInDatabase(base, plan)).toEqual(mergeModel(base, plan));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("carries out a child's plan on a payment's body as the gateway's own builder orders a money transaction", async () => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
    const stored = await readTransaction(gateway, shop, payment.uid);
    const {
      uid: _uid,
      id: _id,
      status: _status,
      created_at: _created,
      updated_at: _updated,
      ...body
    } = stored;
    const plan = childBodyPlan({
      shop: { settings: { gateway_id: 7 } } as Parameters<typeof childBodyPlan>[0]["shop"],
      type: "refund",
      request: { parent_uid: payment.uid, amount: 5, duplicate_check: true, reason: "r" },
    });
    const merged = await mergeInDatabase(body, { ...plan, drop: [...plan.drop] });
    expect(merged).toEqual(mergeModel(body, { ...plan, drop: [...plan.drop] }));
    expect(merged.map(([name]) => name)).toEqual(childKeys("refund").slice(3, -2));
  });
});
