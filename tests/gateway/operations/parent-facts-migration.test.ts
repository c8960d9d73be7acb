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
  postTokenization,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { grownDatabase, insertAsBefore, wholeBody } from "./grown-database";

/**
 * Migration 0074 keeps only a tokenization's, payment's, authorization's or payout's own facts in its stored body
 * (`OwnBody`); its response is rendered at read from them and its columns. A database grown before it — every
 * transaction stored whole, as its response — must answer every transaction exactly as it did: the same keys in the
 * same order, the same values, children rendered through their parents' facts.
 */
const LAST_BEFORE_PARENT_FACTS = 73;

/** What a tokenization, payment, authorization or payout stores since 0074, in the migration's order. */
// biome-ignore format: one list
const OWN_KEYS = ["message", "description", "language", "paid_at", "redirect_url", "duplicate_check", "dynamic_billing_descriptor", "notification_url", "verification_url", "return_url", "skip_three_d_secure_verification", "force_three_d_secure_verification", "three_d_secure", "credit_card", "three_d_secure_verification", "result", "additional_data", "smart_routing_verification", "customer", "billing_address", "travel", "receipt_url", "authorization_expires_at", "subscription_id"];

let gateway: TestGateway;
let shop: TestShop;
let database: TestDatabase;
let handle: DatabaseHandle;
let seed = 874_000;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-parent-facts-"));

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

const shopper = {
  customer: { ip: "198.51.100.7", email: "grown@example.com" },
  billing_address: { first_name: "Ada", last_name: "Grown", country: "DE", city: "Berlin", zip: "10115" },
  additional_data: { receipt_text: ["Thank you"] },
};

/** Every kind of transaction without a parent, in every outcome, and children of them: what each answers. */
async function grownTransactions(): Promise<JsonBody[]> {
  const tokenized = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({ ...shopper, tracking_id: "grown-t" }, { number: uniqueVisaNumber(seed++) }),
  );
  const declinedCard = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({}, { number: "4005550000000019" }),
  );
  const paid = await postPayment(
    gateway,
    shop,
    paymentRequest({ ...shopper, amount: 5000 }, { number: uniqueVisaNumber(seed++) }),
  );
  const declined = await postPayment(
    gateway,
    shop,
    paymentRequest({ amount: 700 }, { number: "4005550000000035" }),
  );
  const payout = await postPayment(
    gateway,
    shop,
    {
      request: {
        amount: 2512,
        currency: "EUR",
        description: "Winnings",
        credit_card: paid.body.transaction.credit_card,
      },
    },
    "credits",
  );
  for (const response of [tokenized, declinedCard, paid, declined, payout]) {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  const authorization = await createParent(gateway, shop, { type: "authorization", amount: 3000 });
  const waiting = await createParent(gateway, shop, { type: "payment", amount: 800, status: "incomplete" });
  const uids = [
    tokenized.body.transaction.uid,
    declinedCard.body.transaction.uid,
    paid.body.transaction.uid,
    declined.body.transaction.uid,
    payout.body.transaction.uid,
    authorization.uid,
    waiting.uid,
  ];
  const refund = await postChild(gateway, shop, "refunds", {
    parent_uid: uids[2],
    amount: 1000,
    reason: "Part",
  });
  const capture = await postChild(gateway, shop, "captures", { parent_uid: authorization.uid, amount: 2000 });
  const ofCapture = await postChild(gateway, shop, "refunds", {
    parent_uid: capture.body.transaction.uid,
    amount: 500,
    reason: "Of a capture",
  });
  for (const response of [refund, capture, ofCapture]) uids.push(response.body.transaction.uid);
  return Promise.all(uids.map((uid) => readTransaction(gateway, shop, uid)));
}

describe("migration 0074 on a database grown before it", () => {
  it("keeps a parent's own facts, and every transaction answers as it did, key for key", async () => {
    const answers = await grownTransactions();
    // A subscription's charge stored its subscription after its amounts (the uid here is only a name).
    const paid = answers[2];
    const charge = { ...paid, uid: `${paid.uid.slice(0, -4)}sub1`, id: `${paid.uid.slice(0, -4)}sub1` };
    const { created_at, updated_at, ...chargeBody } = charge;
    const subscriptionCharge = {
      ...chargeBody,
      subscription_id: "sbs_0123456789abcdef",
      created_at,
      updated_at,
    };
    const byUid = new Map([...answers, subscriptionCharge].map((answer) => [answer.uid as string, answer]));
    const grownRows = (
      await gateway.runtime.deps.db
        .select()
        .from(transactions)
        .where(eq(transactions.shopId, shop.id))
        .orderBy(asc(transactions.createdAt))
    ).filter((row) => byUid.has(row.uid));
    expect(grownRows).toHaveLength(answers.length);
    const paidRow = grownRows.find((row) => row.uid === paid.uid);
    if (paidRow) grownRows.push({ ...paidRow, uid: charge.uid, refunded: 0 });
    subscriptionCharge.amounts = { ...paid.amounts, refunded: 0, refundable: paid.amount };

    ({ database, handle } = await grownDatabase(folder, LAST_BEFORE_PARENT_FACTS));
    // Children's own facts as 0073 left them; every other transaction whole, as its response.
    for (const row of grownRows) {
      const stored = ["capture", "void", "refund"].includes(row.type) ? row.body : null;
      await insertAsBefore(handle, row, stored ?? wholeBody(byUid.get(row.uid) as JsonBody));
    }

    await migrateDatabase(handle);

    const read = await selectRenderable(handle.db).orderBy(asc(transactions.createdAt));
    expect(read).toHaveLength(byUid.size);
    for (const row of read) {
      const answer = byUid.get(row.uid) as JsonBody;
      const rendered = transactionFromRow(row) as unknown as Record<string, unknown>;
      expect(rendered, row.uid).toEqual(answer);
      expect(Object.keys(rendered), row.uid).toEqual(Object.keys(answer));
    }
    const stored = await queryRows<{ uid: string; type: string; body: string }>(
      handle.db,
      sql`select uid, type, body::text as body from transactions
          where type in ('tokenization', 'payment', 'authorization', 'credit')`,
    );
    expect(stored).toHaveLength(8);
    for (const parent of stored) {
      const body = JSON.parse(parent.body);
      expect(Object.keys(body), parent.uid).toEqual(OWN_KEYS);
      // The result under `result`, not under the type's name; the columns and the totals are not copied.
      expect(body.result, parent.uid).toEqual((byUid.get(parent.uid) as JsonBody)[parent.type]);
    }
  });
});
