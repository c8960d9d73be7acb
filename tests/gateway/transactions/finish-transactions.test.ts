import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import {
  notificationDeliveries,
  type TransactionRow,
  transactions,
  transactionsInFlight,
} from "@/lib/db/schema";
import { finishTransactions, type TransactionFinish } from "@/lib/gateway/transactions/finish-transactions";
import { type OwnBody, ownColumns } from "@/lib/gateway/transactions/own-body";
import { createParent } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";
import { parseExposition, sampleValue } from "../metrics-exposition";
import { paymentRequest, postPayment } from "../money-helpers";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/** One guarded transition: every end of a transaction goes through tessera_finish_transactions (lib/db/functions). */
describe("the guarded transition out of incomplete", () => {
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

  const stored = async (uid: string) => {
    const [row] = await gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.uid, uid));
    return row;
  };

  const finishOf = (
    uid: string,
    status: TransactionFinish["status"],
    row: TransactionRow,
  ): TransactionFinish => ({
    uid,
    shopId: shop.id,
    status,
    columns: ownColumns(row),
    body: { ...(row.body as OwnBody), message: `ended ${status}` },
    keepCard: false,
    discardCard: null,
    notificationUrl: "https://merchant.example/hooks",
  });

  it("never changes a transaction that has ended, nor queues anything for it", async () => {
    const paid = await createParent(gateway, shop, { type: "payment", amount: 1999 });
    const before = await stored(paid.uid);
    const [ended] = await finishTransactions(gateway.runtime.deps.db, gateway.runtime.deps, [
      finishOf(paid.uid, "failed", before),
    ]);
    expect(ended).toBeNull();
    expect(await stored(paid.uid)).toEqual(before);
    const deliveries = await gateway.runtime.deps.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.transactionUid, paid.uid));
    expect(deliveries).toEqual([]);
  });

  it("refuses a status that is not final", async () => {
    const pending = await createParent(gateway, shop, {
      type: "payment",
      amount: 1999,
      status: "incomplete",
    });
    const refused = await queryRows(
      gateway.runtime.deps.db,
      sql`select * from tessera_finish_transactions(${JSON.stringify([{ uid: pending.uid, status: "incomplete", body: {}, keep_card: true }])}::json, null)`,
    ).then(
      () => null,
      (error: Error) => error,
    );
    // The driver's error wraps the database's.
    expect(String((refused?.cause as Error | undefined)?.message ?? refused?.message)).toMatch(
      /incomplete is not a final status/,
    );
    expect((await stored(pending.uid)).status).toBe("incomplete");
  });

  it("ends an incomplete transaction once when two ends race, and the stored one is the winner's", async () => {
    const pending = await createParent(gateway, shop, {
      type: "payment",
      amount: 1999,
      status: "incomplete",
    });
    const row = await stored(pending.uid);
    const { db } = gateway.runtime.deps;
    // On PostgreSQL the two statements run on two pooled connections at once.
    const results = await Promise.all([
      finishTransactions(db, gateway.runtime.deps, [finishOf(pending.uid, "successful", row)]),
      finishTransactions(db, gateway.runtime.deps, [finishOf(pending.uid, "error", row)]),
    ]);
    const winners = results.flat().filter((ended) => ended !== null);
    expect(winners).toHaveLength(1);
    const ended = await stored(pending.uid);
    expect(ended.status).toBe(winners[0]?.status);
    expect((ended.body as OwnBody).message).toBe(`ended ${winners[0]?.status}`);
    const deliveries = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.transactionUid, pending.uid));
    expect(deliveries).toHaveLength(1);
    // Nor is it left among the transactions in flight, for a recovery sweep to find (migration 0029).
    const inFlight = await db
      .select()
      .from(transactionsInFlight)
      .where(eq(transactionsInFlight.uid, pending.uid));
    expect(inFlight).toEqual([]);
  });

  it("counts a transaction when it ends, whatever ended it: a 3-D Secure payment once the shopper passes", async () => {
    const count = async (status: string) =>
      sampleValue(
        parseExposition((await gateway.runtime.deps.metrics.render(() => {})).body),
        "tessera_transactions_total",
        { type: "payment", status, test: "true" },
      ) ?? 0;
    const successfulBefore = await count("successful");
    const response = await postPayment(
      gateway,
      secureShop,
      paymentRequest({ return_url: "https://merchant.example/return" }, { number: "4012000000001097" }),
    );
    const started = response.body.transaction;
    expect(started.status).toBe("incomplete");
    // Waiting on the shopper: nothing has ended, nothing is counted.
    expect(await count("incomplete")).toBe(0);
    expect(await count("successful")).toBe(successfulBefore);
    const code = shownCode((await openPage(gateway, started.uid)).html);
    expect((await submitForm(gateway, started.uid, { code, action: "confirm" })).status).toBe(303);
    expect((await stored(started.uid)).status).toBe("successful");
    expect(await count("successful")).toBe(successfulBefore + 1);
  });
});
