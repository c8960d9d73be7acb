import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyDatabaseFunctions } from "@/lib/db/database-functions";
import { databaseFunctions, transactions, transactionsInFlight } from "@/lib/db/schema";
import { finishTransactions } from "@/lib/gateway/transactions/finish-transactions";
import { type OwnBody, ownColumns } from "@/lib/gateway/transactions/own-body";
import { createParent } from "../child-helpers";
import {
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/**
 * The transactions that have not ended, which the recovery sweeps read instead of every transaction: kept by the
 * database's triggers (lib/db/functions/tessera_track_in_flight.sql) on whatever path writes or ends a transaction.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../../lib/db/migrations");
const MIGRATION = path.join(MIGRATIONS, "0029_transactions_in_flight.sql");

describe("transactions in flight", () => {
  let gateway: TestGateway;
  let shop: TestShop;
  let secureShop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway();
    shop = await gateway.createShop();
    secureShop = await gateway.createShop({ three_d_secure: true });
  });

  afterAll(async () => {
    await gateway.close();
  });

  const inFlight = async () =>
    (await gateway.runtime.deps.db.select().from(transactionsInFlight)).map((row) => row.uid).sort();
  const isInFlight = async (uid: string) => (await inFlight()).includes(uid);

  it("holds a transaction from its incomplete write until it ends, and never one written ended", async () => {
    const tokenized = await postTokenization(gateway, shop, tokenizationRequest({ duplicate_check: false }));
    expect(tokenized.body.transaction.status).toBe("successful");
    expect(await isInFlight(tokenized.body.transaction.uid)).toBe(false);

    // A payment is written incomplete before the acquirer is asked, and its answer ends it.
    const paid = await postPayment(gateway, shop, paymentRequest({ duplicate_check: false }));
    expect(paid.body.transaction.status).toBe("successful");
    expect(await isInFlight(paid.body.transaction.uid)).toBe(false);

    // A payment waiting on its shopper's 3-D Secure is in flight until the shopper answers.
    const started = (
      await postPayment(
        gateway,
        secureShop,
        paymentRequest({ return_url: "https://merchant.example/return" }, { number: "4012000000001097" }),
      )
    ).body.transaction;
    expect(started.status).toBe("incomplete");
    const [row] = await gateway.runtime.deps.db
      .select()
      .from(transactionsInFlight)
      .where(eq(transactionsInFlight.uid, started.uid));
    const [written] = await gateway.runtime.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.uid, started.uid));
    expect(row).toEqual({
      uid: started.uid,
      type: "payment",
      createdAt: written.createdAt,
      parentUid: null,
      amount: written.amount,
    });
    const code = shownCode((await openPage(gateway, started.uid)).html);
    expect((await submitForm(gateway, started.uid, { code, action: "confirm" })).status).toBe(303);
    expect(await isInFlight(started.uid)).toBe(false);
  });

  it("lets a transaction go once it ends, whoever ends it, and keeps it while an end is refused", async () => {
    const pending = await createParent(gateway, shop, {
      type: "payment",
      amount: 1999,
      status: "incomplete",
    });
    expect(await isInFlight(pending.uid)).toBe(true);
    const { db } = gateway.runtime.deps;
    const [stored] = await db.select().from(transactions).where(eq(transactions.uid, pending.uid));
    // A status that is not final is refused, and the transaction stays in flight.
    await expect(
      db.execute(
        sql`select * from tessera_finish_transactions(${JSON.stringify([{ uid: pending.uid, status: "incomplete", body: {}, keep_card: true }])}::json, null)`,
      ),
    ).rejects.toThrow();
    expect(await isInFlight(pending.uid)).toBe(true);
    await finishTransactions(db, gateway.runtime.deps, [
      {
        uid: pending.uid,
        shopId: shop.id,
        status: "error",
        columns: ownColumns(stored),
        body: stored.body as OwnBody,
        keepCard: false,
        discardCard: null,
        notificationUrl: null,
      },
    ]);
    expect(await isInFlight(pending.uid)).toBe(false);
  });

  it("is filled, when the migration runs, with every transaction then incomplete and no other", async () => {
    const pending = await createParent(gateway, shop, {
      type: "payment",
      amount: 1999,
      status: "incomplete",
    });
    const ended = await createParent(gateway, shop, { type: "payment", amount: 1999 });
    const { db } = gateway.runtime.deps;
    const before = await inFlight();
    expect(before).toContain(pending.uid);
    await db.execute(sql`delete from transactions_in_flight`);
    const backfill = fs
      .readFileSync(MIGRATION, "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes("INSERT INTO transactions_in_flight"));
    await db.execute(sql.raw(backfill!));
    expect(await inFlight()).toEqual(before);
    expect(before).not.toContain(ended.uid);
    const incomplete = await db
      .select({ uid: transactions.uid })
      .from(transactions)
      .where(eq(transactions.status, "incomplete"));
    expect(before).toEqual(incomplete.map((row) => row.uid).sort());
  });

  it("holds a child's parent and amount, which its parent's next child weighs, also for one written before", async () => {
    const parent = await createParent(gateway, shop, { type: "payment", amount: 5000 });
    const { db } = gateway.runtime.deps;
    const [stored] = await db.select().from(transactions).where(eq(transactions.uid, parent.uid));
    const [child] = await db
      .insert(transactions)
      .values({
        ...stored,
        uid: crypto.randomUUID(),
        type: "refund",
        status: "incomplete",
        amount: 700,
        parentUid: parent.uid,
        captured: 0,
        voided: 0,
        refunded: 0,
      })
      .returning();
    const read = async () =>
      (await db.select().from(transactionsInFlight).where(eq(transactionsInFlight.uid, child.uid)))[0];
    expect(await read()).toMatchObject({ parentUid: parent.uid, amount: 700, type: "refund" });

    // A child in flight when migration 0076 ran is given its parent and amount by it.
    await db.execute(sql`update transactions_in_flight set parent_uid = null, amount = null`);
    const backfill = fs
      .readFileSync(path.join(MIGRATIONS, "0076_in_flight_children.sql"), "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes("UPDATE transactions_in_flight"));
    await db.execute(sql.raw(backfill!));
    expect(await read()).toMatchObject({ parentUid: parent.uid, amount: 700, type: "refund" });

    // One written by the trigger's earlier text after the migration, before the new text was applied: filled when
    // the trigger's file is applied.
    await db.execute(sql`update transactions_in_flight set parent_uid = null, amount = null`);
    await db.delete(databaseFunctions).where(eq(databaseFunctions.name, "tessera_track_in_flight"));
    expect(await db.transaction((tx) => applyDatabaseFunctions(tx))).toEqual(["tessera_track_in_flight"]);
    expect(await read()).toMatchObject({ parentUid: parent.uid, amount: 700, type: "refund" });
  });
});
