import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { transactions } from "@/lib/db/schema";
import { isChildType } from "@/lib/gateway/transactions/child-body";
import { selectRenderable, transactionFromRow } from "@/lib/gateway/transactions/transaction-view";
import { createTestDatabase, type TestDatabase } from "../harness";
import { migrateUpTo } from "../migrations-up-to";

/**
 * Migration 0072 moves a parent's totals out of its stored body into columns, and its `amounts` are rendered from
 * them at read. A database grown before it — parents whose bodies the earlier finish step rewrote, children in
 * every status — must read exactly as it did: the same amounts, in the same place among the body's keys.
 */
const LAST_BEFORE_TOTALS = 71;

let database: TestDatabase;
let handle: DatabaseHandle;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-totals-"));

afterAll(async () => {
  await handle?.close();
  await database?.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

type Amounts = {
  captured: number;
  voided: number;
  refunded: number;
  capturable: number;
  refundable: number;
  authorization_expires_at: string | null;
};

/** A parent's body as the earlier code left it: `amounts` where it was written, keys after it. */
function originBody(type: string, amount: number, amounts: Amounts | null) {
  return {
    type,
    amount,
    currency: "EUR",
    description: "Grown before 0072",
    ...(amounts ? { amounts } : {}),
    parent_uid: null,
    receipt_url: null,
  };
}

const EXPIRY = "2026-12-05T10:00:00.000Z";

/** uid, type, status, amount, parent, and for a parent its body's `amounts` as the earlier code wrote them. */
const ROWS: [string, string, string, number, string | null, Amounts | null][] = [
  // A payment with two refunds, one declined, one still at the acquirer: 300 of 1000 refunded.
  [
    "p-paid",
    "payment",
    "successful",
    1000,
    null,
    { captured: 0, voided: 0, refunded: 300, capturable: 0, refundable: 700, authorization_expires_at: null },
  ],
  ["r-1", "refund", "successful", 200, "p-paid", null],
  ["r-2", "refund", "successful", 100, "p-paid", null],
  ["r-3", "refund", "failed", 50, "p-paid", null],
  ["r-4", "refund", "incomplete", 75, "p-paid", null],
  // An authorization partly captured (one capture in flight), and that capture partly refunded.
  [
    "a-held",
    "authorization",
    "successful",
    1000,
    null,
    {
      captured: 400,
      voided: 0,
      refunded: 0,
      capturable: 600,
      refundable: 0,
      authorization_expires_at: EXPIRY,
    },
  ],
  [
    "c-1",
    "capture",
    "successful",
    400,
    "a-held",
    { captured: 0, voided: 0, refunded: 150, capturable: 0, refundable: 250, authorization_expires_at: null },
  ],
  // A capture in flight: written with zeros, as every capture is (a refund's parent).
  [
    "c-2",
    "capture",
    "incomplete",
    100,
    "a-held",
    { captured: 0, voided: 0, refunded: 0, capturable: 0, refundable: 0, authorization_expires_at: null },
  ],
  ["r-5", "refund", "successful", 150, "c-1", null],
  // A voided authorization: nothing left to capture.
  [
    "a-void",
    "authorization",
    "successful",
    500,
    null,
    { captured: 0, voided: 500, refunded: 0, capturable: 0, refundable: 0, authorization_expires_at: EXPIRY },
  ],
  ["v-1", "void", "successful", 500, "a-void", null],
  // A declined payment: zeros.
  [
    "p-failed",
    "payment",
    "failed",
    900,
    null,
    { captured: 0, voided: 0, refunded: 0, capturable: 0, refundable: 0, authorization_expires_at: null },
  ],
];

describe("migration 0072 on a database grown before it", () => {
  it("gives every parent the totals of its successful children, and every transaction reads as it did", async () => {
    database = await createTestDatabase();
    handle = await database.open();
    await migrateUpTo(handle, folder, LAST_BEFORE_TOTALS);
    await handle.db.execute(sql`insert into shops (id, name, secret_key_hash, secret_key_sealed, webhook_secret_sealed,
        private_key_sealed, public_key, key_id, settings)
      values (1, 'Grown Shop', 'hash', '\\x00', '\\x00', '\\x00', 'public', 'key', '{}')`);
    const at = new Date("2026-11-28T10:00:00.000Z");
    for (const [uid, type, status, amount, parent, amounts] of ROWS) {
      const body = originBody(type, amount, amounts);
      await handle.db.execute(sql`insert into transactions (uid, shop_id, status, type, parent_uid, amount, currency,
          tracking_ids, test, body, created_at, updated_at)
        values (${uid}, 1, ${status}, ${type}, ${parent}, ${amount}, 'EUR', '{}'::text[], true,
          ${JSON.stringify(body)}::json, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
    }
    const before = new Map(
      ROWS.map(([uid, type, , amount, , amounts]) => [uid, originBody(type, amount, amounts)] as const),
    );

    await migrateDatabase(handle);

    const rows = await selectRenderable(handle.db).orderBy(asc(transactions.uid));
    const totals = Object.fromEntries(rows.map((row) => [row.uid, [row.captured, row.voided, row.refunded]]));
    expect(totals).toMatchObject({
      "p-paid": [0, 0, 300],
      "a-held": [400, 0, 0],
      "c-1": [0, 0, 150],
      "a-void": [0, 500, 0],
      "p-failed": [0, 0, 0],
      "r-1": [0, 0, 0],
    });
    for (const row of rows) {
      const read = transactionFromRow(row) as unknown as Record<string, unknown>;
      const stored = before.get(row.uid) as Record<string, unknown>;
      // The amounts the earlier code had written, in their place: the body's keys in its order, then the times.
      expect(read.amounts ?? null, row.uid).toEqual(stored.amounts ?? null);
      // A child's body is rendered from its parent's since migration 0073 (child-facts-migration.test.ts), a
      // parent's from its own facts since 0074 (parent-facts-migration.test.ts), by literals that keep `amounts`
      // in its place: after the receipt.
      if (isChildType(row.type)) continue;
      const keys = Object.keys(read);
      expect(keys.indexOf("amounts"), row.uid).toBe(keys.indexOf("receipt_url") + 1);
    }
  });
});
