import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * A transaction's row is written `incomplete` and rewritten once when it ends; none of the columns the end sets is
 * indexed, so the new version can stay on its page (a heap-only, HOT, update: no new entry in any of the table's
 * indexes, nothing for a vacuum's pass over them) when the page has room for it. Migration 0077 leaves that room
 * (`fillfactor = 50`); without it a full page of rows ended in one batch sent about half of them to other pages.
 * Read here in the table's statistics: its updates, and how many of them were heap-only.
 */
const PAYMENTS = 96;

describe("room on a page for a transaction's end", () => {
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway();
    shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
  });

  afterAll(async () => {
    await gateway.close();
  });

  /** The table's counts; the gateway's connections report theirs within a second or so of going idle. */
  async function updates(): Promise<{ updated: number; heapOnly: number }> {
    const { db } = gateway.runtime.deps;
    // The embedded database is one session: its own counts are made visible at once.
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const [row] = await queryRows<{ updated: string; heap_only: string }>(
      db,
      sql`select n_tup_upd as updated, n_tup_hot_upd as heap_only from pg_stat_user_tables where relname = 'transactions'`,
    );
    return { updated: Number(row.updated), heapOnly: Number(row.heap_only) };
  }

  it("a batch of payments ends without a new index entry: every end is a heap-only update", async () => {
    const answers = await Promise.all(
      Array.from({ length: PAYMENTS }, (_, index) =>
        postPayment(gateway, shop, paymentRequest({ amount: 1000 + index })),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    await expect
      .poll(async () => (await updates()).updated, { timeout: 20_000, interval: 250 })
      .toBe(PAYMENTS);
    expect(await updates()).toEqual({ updated: PAYMENTS, heapOnly: PAYMENTS });
  }, 30_000);
});
