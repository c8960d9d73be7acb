import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, usePostgres } from "../harness";
import {
  type LoggedPlan,
  type PlanNode,
  planNodes,
  planTestDatabase,
  relationReads,
  watchPlans,
  withPlans,
} from "../query-plans";

/**
 * A capture's, void's or refund's two locked steps (lib/db/functions: tessera_reserve_child, tessera_finish_child)
 * weigh what the parent's children took without reading them: the ended ones' totals are the parent's columns, the
 * ones in flight are in transactions_in_flight. Read from PostgreSQL's own plans (auto_explain, nested statements):
 * a parent with hundreds of refunds costs its next refund what its first cost, and the parent is found by its primary
 * key alone. Before, each step summed every child the parent ever had, and the lock's plan, made on a table without
 * statistics, could read the shop's index. PostgreSQL only: the embedded database has no auto_explain.
 */
const CHILDREN = 400;
const PARENT_AMOUNT = 1_000_000;
const CHILD_AMOUNT = 100;

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!usePostgres) return;
  ({ database, client } = await planTestDatabase());
  await client.query(
    `insert into transactions (uid, shop_id, status, type, amount, currency, tracking_ids, test, body, refunded)
      values ('parent', 1, 'successful', 'payment', $1, 'USD', '{}'::text[], true, '{"result": {}}'::json, $2)`,
    [PARENT_AMOUNT, CHILDREN * CHILD_AMOUNT],
  );
  // Its refunds so far, ended: their sum is the parent's `refunded`, as tessera_finish_child keeps it.
  await client.query(
    `insert into transactions (uid, shop_id, status, type, amount, currency, parent_uid, tracking_ids, test, body)
      select 'refund-' || g, 1, 'successful', 'refund', $1, 'USD', 'parent', '{}'::text[], true, '{}'::json
      from generate_series(1, $2::int) as g`,
    [CHILD_AMOUNT, CHILDREN],
  );
  await watchPlans(client);
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** The indexes every read of `transactions` went through, and the pages those reads touched. */
function transactionReads(plans: LoggedPlan[]): { indexes: Set<string | undefined>; blocks: number } {
  const blocks = (node: PlanNode) => (node["Shared Hit Blocks"] ?? 0) + (node["Shared Read Blocks"] ?? 0);
  return {
    indexes: new Set(
      plans.flatMap((plan) => relationReads(plan.Plan, "transactions").map((read) => read.index)),
    ),
    blocks: plans
      .flatMap((plan) => planNodes(plan.Plan))
      .filter((node) => node["Relation Name"] === "transactions" && node["Node Type"].endsWith("Scan"))
      .reduce((sum, node) => sum + blocks(node), 0),
  };
}

async function reserve(uid: string, amount: number) {
  return withPlans(client, async () => {
    const { rows } = await client.query<{ outcome: string; refusals: string[] | null; remaining: string }>(
      `select outcome, refusals, remaining from tessera_reserve_child('parent', 1, 7, $1, 'refund', $2, null, null,
          null, '{}'::text[], false, 0, null, '{}'::json)`,
      [uid, amount],
    );
    return rows[0];
  });
}

async function finish(uid: string) {
  return withPlans(client, async () => {
    const { rows } = await client.query<{ finished_at: Date | null }>(
      `select tessera_finish_child($1, 'parent', 1, 'successful', '{}'::json, null, null, null) as finished_at`,
      [uid],
    );
    return rows[0].finished_at;
  });
}

const refunded = async () =>
  Number((await client.query("select refunded from transactions where uid = 'parent'")).rows[0].refunded);

describe.skipIf(!usePostgres)("a child's locked steps (PostgreSQL)", () => {
  it("reserves and finishes a refund of a parent with hundreds of refunds without reading them", async () => {
    const reserved = await reserve("next", 250);
    expect(reserved.result).toEqual({
      outcome: "reserved",
      refusals: null,
      remaining: String(PARENT_AMOUNT - CHILDREN * CHILD_AMOUNT),
    });
    // The parent (locked) and the rows the new child's keys point at, each by its primary key: no child is read.
    expect(transactionReads(reserved.plans)).toEqual({
      indexes: new Set(["transactions_pkey"]),
      blocks: expect.any(Number),
    });
    expect(transactionReads(reserved.plans).blocks).toBeLessThan(20);

    // While it is in flight, it is weighed as taken: more than what is left beside it is refused.
    const over = await reserve("over", PARENT_AMOUNT - CHILDREN * CHILD_AMOUNT - 249);
    expect(over.result).toMatchObject({ outcome: "refused", refusals: ["amount_over"] });

    const finished = await finish("next");
    expect(finished.result).toBeInstanceOf(Date);
    expect(transactionReads(finished.plans)).toEqual({
      indexes: new Set(["transactions_pkey"]),
      blocks: expect.any(Number),
    });
    expect(transactionReads(finished.plans).blocks).toBeLessThan(20);
    expect(await refunded()).toBe(CHILDREN * CHILD_AMOUNT + 250);

    // A repeat of the finish changes nothing twice.
    expect((await finish("next")).result).toBeNull();
    expect(await refunded()).toBe(CHILDREN * CHILD_AMOUNT + 250);
  });
});
