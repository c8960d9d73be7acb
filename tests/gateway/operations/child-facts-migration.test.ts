import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { transactions } from "@/lib/db/schema";
import { selectRenderable, transactionFromRow } from "@/lib/gateway/transactions/transaction-view";
import { createParent, postChild, readTransaction } from "../child-helpers";
import {
  type JsonBody,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
} from "../harness";
import { grownDatabase, insertAsBefore, wholeBody } from "./grown-database";

/**
 * Migration 0073 keeps only a capture's, void's or refund's own facts in its stored body; the rest of its response
 * is rendered at read from the payment or authorization it descends from. A database grown before it — children
 * stored whole, as the database built them from their parent's body — must answer every transaction exactly as it
 * did: the same keys in the same order, the same values.
 */
const LAST_BEFORE_CHILD_FACTS = 72;

let gateway: TestGateway;
let shop: TestShop;
let database: TestDatabase;
let handle: DatabaseHandle;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-child-facts-"));

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway?.close();
  await handle?.close();
  await database?.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Every family a child can have, made through the API: what each transaction answers. */
async function grownFamilies(): Promise<JsonBody[]> {
  const payment = await createParent(gateway, shop, { type: "payment", amount: 3000 });
  const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
  const voided = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
  const children: [string, "refunds" | "captures" | "voids", Record<string, unknown>][] = [
    [payment.uid, "refunds", { amount: 1000, reason: "Returned goods" }],
    [
      payment.uid,
      "refunds",
      { amount: 500, reason: "Part", tracking_id: "own-a;own-b", duplicate_check: false },
    ],
    [authorization.uid, "captures", { amount: 2000 }],
    [voided.uid, "voids", { amount: 1000 }],
  ];
  const uids = [payment.uid, authorization.uid, voided.uid];
  for (const [parentUid, route, request] of children) {
    const response = await postChild(gateway, shop, route, { parent_uid: parentUid, ...request });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    uids.push(response.body.transaction.uid);
  }
  const capture = uids[5];
  const refundOfCapture = await postChild(gateway, shop, "refunds", {
    parent_uid: capture,
    amount: 700,
    reason: "Of a capture",
  });
  expect(refundOfCapture.status).toBe(200);
  uids.push(refundOfCapture.body.transaction.uid);
  return Promise.all(uids.map((uid) => readTransaction(gateway, shop, uid)));
}

describe("migration 0073 on a database grown before it", () => {
  it("keeps a child's own facts, and every transaction answers as it did, key for key", async () => {
    const answers = await grownFamilies();
    const byUid = new Map(answers.map((answer) => [answer.uid as string, answer]));
    const grownRows = (
      await gateway.runtime.deps.db
        .select()
        .from(transactions)
        .where(eq(transactions.shopId, shop.id))
        .orderBy(asc(transactions.createdAt))
    ).filter((row) => byUid.has(row.uid));
    expect(grownRows).toHaveLength(answers.length);

    ({ database, handle } = await grownDatabase(folder, LAST_BEFORE_CHILD_FACTS));
    // Parents before their children (the foreign key), as they were written: every body whole (a parent's until
    // migration 0074).
    for (const row of grownRows) await insertAsBefore(handle, row, wholeBody(byUid.get(row.uid) as JsonBody));

    await migrateDatabase(handle);

    const read = await selectRenderable(handle.db).orderBy(asc(transactions.createdAt));
    expect(read).toHaveLength(answers.length);
    for (const row of read) {
      const answer = byUid.get(row.uid) as JsonBody;
      const rendered = transactionFromRow(row) as unknown as Record<string, unknown>;
      expect(rendered, row.uid).toEqual(answer);
      expect(Object.keys(rendered), row.uid).toEqual(Object.keys(answer));
    }
    const stored = await queryRows<{ type: string; body: string }>(
      handle.db,
      sql`select type, body::text as body from transactions where type in ('capture', 'void', 'refund')`,
    );
    expect(stored).toHaveLength(5);
    for (const child of stored) {
      const keys = Object.keys(JSON.parse(child.body));
      expect(keys).toEqual([
        "message",
        "duplicate_check",
        "paid_at",
        "result",
        "receipt_url",
        ...(child.type === "refund" ? ["reason"] : []),
      ]);
    }
  });
});
