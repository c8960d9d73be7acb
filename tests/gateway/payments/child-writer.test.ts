import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingChildBody } from "@/lib/gateway/payments/child-body";
import type { ChildReservation } from "@/lib/gateway/transactions/child-writer";
import { DUPLICATE_WINDOW_SECONDS } from "@/lib/gateway/transactions/duplicate-check";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop, usePostgres } from "../harness";

/**
 * The child writer (lib/gateway/transactions/child-writer.ts): the captures, voids and refunds that come together are
 * reserved in one statement and finished in another, on either store, each still decided by its own call of the one
 * rule. Each gets its own answer, and one the database cannot store fails alone. (That PostgreSQL's batches lock
 * their parents in one order, so that two at once never deadlock: money-concurrency.test.ts.)
 */
let gateway: TestGateway;
let shop: TestShop;
/** The items of each batch statement sent, by the function it called. */
const batches: { reserve: number[]; finish: number[] } = { reserve: [], finish: [] };
/**
 * How long each batch statement is held before it is sent. Children form a batch only when they wait for a write
 * in flight: on PostgreSQL eight may be in flight, so requests that reach the writer at different turns of the event
 * loop (under load, as in CI) could each find a free one and be written alone. Held, the first statements stay in
 * flight while the rest arrive and queue.
 */
let holdMs = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  // Every statement either store is sent passes through its client's `query` (the pool's, or PGlite's).
  const client = (
    gateway.runtime.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
  ).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === "string" ? first : (first.text ?? "");
    const values = (typeof first === "string" ? args[1] : first.values) as unknown[] | undefined;
    const kind = text.includes("tessera_reserve_children(")
      ? "reserve"
      : text.includes("tessera_finish_children(")
        ? "finish"
        : null;
    if (!kind) return query(...args);
    batches[kind].push((JSON.parse(String(values?.[0])) as unknown[]).length);
    return holdMs > 0
      ? new Promise((resolve) => setTimeout(resolve, holdMs)).then(() => query(...args))
      : query(...args);
  };
});

afterAll(async () => {
  await gateway?.close();
});

describe(`children that come together (${usePostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("share a statement, and each gets its own answer", async () => {
    const parents = await Promise.all(
      Array.from({ length: 12 }, () => createParent(gateway, shop, { type: "payment", amount: 1000 })),
    );
    batches.reserve.length = 0;
    batches.finish.length = 0;
    const refund = (uid: string) =>
      postChild(gateway, shop, "refunds", {
        parent_uid: uid,
        amount: 600,
        reason: "Returned",
        duplicate_check: false,
      });
    // Twelve refunds of 6.00 and, on the first payment, a second one that its 4.00 left cannot take (beGateway words amounts in minor units).
    holdMs = 1000;
    const responses = await Promise.all([
      ...parents.map((parent) => refund(parent.uid)),
      refund(parents[0].uid),
    ]).finally(() => {
      holdMs = 0;
    });

    const successful = responses.filter(
      (r) => r.status === 200 && r.body.transaction.status === "successful",
    );
    expect(successful).toHaveLength(12);
    const refused = responses.filter((r) => r.status === 422);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toBe("Amount can't be greater than 400.");
    for (const parent of parents) {
      expect((await readTransaction(gateway, shop, parent.uid)).amounts).toMatchObject({
        refunded: 600,
        refundable: 400,
      });
    }
    // Every child was reserved (13) and every reserved one finished (12), whatever the batches.
    expect(batches.reserve.reduce((sum, items) => sum + items, 0)).toBe(13);
    expect(batches.finish.reduce((sum, items) => sum + items, 0)).toBe(12);
    expect(Math.max(...batches.reserve)).toBeGreaterThan(1);
    expect(Math.max(...batches.finish)).toBeGreaterThan(1);
    expect(batches.reserve.length).toBeLessThan(13);
  });

  it("one the database cannot store fails alone: the others of its batch are reserved", async () => {
    const [first, second] = await Promise.all([
      createParent(gateway, shop, { type: "payment", amount: 1000 }),
      createParent(gateway, shop, { type: "payment", amount: 1000 }),
    ]);
    const authenticated = await gateway.runtime.deps.shops.get(shop.id);
    if (!authenticated) throw new Error("the shop is gone");
    const reservation = (parentUid: string, childUid: string): ChildReservation => ({
      locked_parent_uid: parentUid,
      parent_shop_id: shop.id,
      authorization_expiry_days: 7,
      child_uid: childUid,
      child_type: "refund",
      child_amount: 100,
      child_currency: null,
      child_tracking_id: null,
      child_tracking_ids: null,
      over_ceiling_currencies: [],
      check_duplicate: false,
      duplicate_window_seconds: DUPLICATE_WINDOW_SECONDS,
      at: null,
      child_body: pendingChildBody({
        shop: authenticated,
        type: "refund",
        request: { parent_uid: parentUid, amount: 100, reason: "Returned", duplicate_check: false },
      }),
    });
    const taken = randomUUID();
    const writer = gateway.runtime.deps.childWriter;
    batches.reserve.length = 0;
    // The second item's uid is the first's: the database refuses its row, and only its row.
    const outcomes = await Promise.allSettled([
      writer.reserve(reservation(first.uid, taken)),
      writer.reserve(reservation(second.uid, taken)),
      writer.reserve(reservation(second.uid, randomUUID())),
    ]);
    // The first of the two with the same uid is reserved and the other refused: the batch is written again item by
    // item, in the order they came.
    const [a, b, other] = outcomes;
    expect([a.status, b.status]).toEqual(["fulfilled", "rejected"]);
    for (const outcome of [a, b, other].filter((o) => o.status === "fulfilled")) {
      expect(outcome.status === "fulfilled" && outcome.value.outcome).toBe("reserved");
    }
    expect(other.status).toBe("fulfilled");
    expect(batches.reserve[0]).toBe(3);
  });
});
