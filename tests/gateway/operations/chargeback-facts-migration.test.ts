import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { transactions } from "@/lib/db/schema";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { selectRenderable, transactionFromRow } from "@/lib/gateway/transactions/transaction-view";
import { postChild, readTransaction } from "../child-helpers";
import {
  type JsonBody,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { grownDatabase, insertAsBefore, wholeBody } from "./grown-database";

/**
 * Migration 0075 keeps only a chargeback's own facts in its stored body (`ChargebackOwnBody`); the charge's card,
 * customer and echoed fields are rendered at read from the payment or authorization it descends from. A database
 * grown before it — chargebacks stored whole, of a payment and of a capture — must answer them exactly as it did.
 */
const LAST_BEFORE_CHARGEBACK_FACTS = 74;

/** The sandbox's card whose charges its bank disputes as fraudulent. */
const DISPUTED_CARD = "4000000000000259";

let gateway: TestGateway;
let shop: TestShop;
let database: TestDatabase;
let handle: DatabaseHandle;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-chargeback-facts-"));

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway?.close();
  await handle?.close();
  await database?.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A payment and a capture the bank took back, and the chargebacks it wrote: what each transaction answers. */
async function chargedBack(): Promise<JsonBody[]> {
  const request = {
    amount: 4000,
    currency: "EUR",
    duplicate_check: false,
    customer: { email: "cb@example.com" },
  };
  const paid = await postPayment(gateway, shop, paymentRequest(request, { number: DISPUTED_CARD }));
  const authorized = await postPayment(
    gateway,
    shop,
    paymentRequest(request, { number: DISPUTED_CARD }),
    "authorizations",
  );
  const captured = await postChild(gateway, shop, "captures", {
    parent_uid: authorized.body.transaction.uid,
    amount: 2500,
  });
  for (const response of [paid, authorized, captured]) {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  expect(await gateway.runtime.disputeFeed.sweepOnce()).toBe(2);
  const chargebacks = await gateway.runtime.deps.db
    .select({ uid: transactions.uid })
    .from(transactions)
    .where(eq(transactions.type, "chargeback"));
  const uids = [
    paid.body.transaction.uid,
    authorized.body.transaction.uid,
    captured.body.transaction.uid,
    ...chargebacks.map((row) => row.uid),
  ];
  return Promise.all(uids.map((uid) => readTransaction(gateway, shop, uid)));
}

describe("migration 0075 on a database grown before it", () => {
  it("keeps a chargeback's own facts, and it answers as it did, key for key", async () => {
    const answers = await chargedBack();
    expect(answers.filter((answer) => answer.type === "chargeback")).toHaveLength(2);
    const byUid = new Map(answers.map((answer) => [answer.uid as string, answer]));
    const grownRows = (
      await gateway.runtime.deps.db
        .select()
        .from(transactions)
        .where(eq(transactions.shopId, shop.id))
        .orderBy(asc(transactions.createdAt))
    ).filter((row) => byUid.has(row.uid));

    ({ database, handle } = await grownDatabase(folder, LAST_BEFORE_CHARGEBACK_FACTS));
    // Everything else as 0074 left it; a chargeback whole, as its response.
    for (const row of grownRows) {
      const body = row.type === "chargeback" ? wholeBody(byUid.get(row.uid) as JsonBody) : row.body;
      await insertAsBefore(handle, row, body);
    }

    await migrateDatabase(handle);

    const read = await selectRenderable(handle.db).orderBy(asc(transactions.createdAt));
    expect(read).toHaveLength(answers.length);
    for (const row of read) {
      const answer = byUid.get(row.uid) as JsonBody;
      const rendered = transactionFromRow(row) as unknown as Record<string, unknown>;
      expect(rendered, row.uid).toEqual(answer);
      expect(Object.keys(rendered), row.uid).toEqual(Object.keys(answer));
    }
    const stored = await queryRows<{ body: string }>(
      handle.db,
      sql`select body::text as body from transactions where type = 'chargeback'`,
    );
    for (const chargeback of stored) {
      expect(Object.keys(JSON.parse(chargeback.body))).toEqual([
        "message",
        "duplicate_check",
        "chargeback",
        "reason",
        "parent_transaction",
      ]);
    }
  });
});
