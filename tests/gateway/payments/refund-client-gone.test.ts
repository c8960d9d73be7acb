import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { createParent, postChild } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";

/**
 * A refund whose client stops waiting (its timeout, a dropped connection) is finished by the server all the same:
 * it leaves no reservation behind (nothing in `transactions_in_flight`) for a sweep to find or a later refund to
 * wait on, and the refunds after it are answered at once.
 */
const SLOW_ANSWER_MS = 3_000;

let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer: new SandboxAcquirer({ slowAnswerMs: SLOW_ANSWER_MS }) });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

const inFlight = async () =>
  Number(
    (
      await queryRows<{ count: string }>(
        gateway.runtime.deps.db,
        sql`select count(*) from transactions_in_flight`,
      )
    )[0].count,
  );

describe("a refund whose client gave up", () => {
  it("is finished by the server, leaves nothing in flight, and the next refunds are not slowed", async () => {
    const parent = await createParent(gateway, shop, { type: "payment", amount: 100_000 });
    // An amount whose last three minor units are 091: the sandbox acquirer's answer comes SLOW_ANSWER_MS late. The client leaves first.
    const abandoned = fetch(`${gateway.url}/transactions/refunds`, {
      method: "POST",
      headers: { authorization: shop.authorization, "content-type": "application/json" },
      body: JSON.stringify({ request: { parent_uid: parent.uid, amount: 1091, reason: "Client gone" } }),
      signal: AbortSignal.timeout(300),
    });
    await expect(abandoned).rejects.toThrow();

    // Other refunds of the same parent are answered without waiting for it.
    const started = performance.now();
    for (const amount of [110, 120, 130]) {
      const next = await postChild(gateway, shop, "refunds", {
        parent_uid: parent.uid,
        amount,
        reason: "Next",
      });
      expect(next.body.transaction?.status).toBe("successful");
    }
    expect(performance.now() - started).toBeLessThan(SLOW_ANSWER_MS);

    // It ends as if its client had stayed: nothing left in flight, its amount refunded with the others'.
    await expect.poll(inFlight, { timeout: 10_000 }).toBe(0);
    const refunds = await queryRows<{ amount: string; status: string }>(
      gateway.runtime.deps.db,
      sql`select amount, status from transactions where parent_uid = ${parent.uid} order by amount`,
    );
    // By amount, not by creation: on a busy machine the abandoned request can reach its reservation after the
    // client left and share a statement with the next refund, so their order of creation is not the test's to fix.
    expect(refunds.map((row) => [Number(row.amount), row.status])).toEqual([
      [110, "successful"],
      [120, "successful"],
      [130, "successful"],
      [1091, "successful"],
    ]);
  });
});
