import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, usePostgres } from "../harness";
import { type PlanNode, planTestDatabase, relationReads, watchPlans, withPlans } from "../query-plans";

/**
 * Every transaction ends through tessera_finish_transactions (lib/db/functions): payments and payouts when the
 * acquirer answers, children, 3-D Secure, recovery. Read from PostgreSQL's own plans (auto_explain, nested
 * statements): each end stays a probe of the primary key once the table has grown, even on a connection whose
 * first finishes planned against a nearly empty table (PL/pgSQL may keep that plan), with no ANALYZE since, and is
 * planned once for the connection, not at each call.
 * PostgreSQL only: the embedded database has no auto_explain.
 */
const GROWN = 3_000;

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!usePostgres) return;
  ({ database, client } = await planTestDatabase());
  await insertIncomplete("early", 20);
  await watchPlans(client);
  // As on a new deployment: the connection's first finishes find the table nearly empty.
  for (let call = 1; call <= 8; call++) await finish(`early-${call}`);
  await insertIncomplete("grown", GROWN);
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

async function insertIncomplete(prefix: string, count: number): Promise<void> {
  await client.query(
    `insert into transactions (uid, shop_id, status, type, amount, currency, tracking_ids, duplicate_fingerprint,
        test, body)
      select $1 || '-' || g, 1, 'incomplete', 'payment', 100, 'USD', '{}'::text[], md5($1 || g), true, '{}'::json
      from generate_series(1, $2::int) as g`,
    [prefix, count],
  );
}

/** Ends one transaction through the guarded transition; its rows and the plan of its UPDATE. */
async function finish(uid: string): Promise<{ rows: { uid: string }[]; plan: PlanNode }> {
  const ends = JSON.stringify([{ uid, status: "successful", body: { result: {} }, keep_card: true }]);
  const { result, plans } = await withPlans(client, () =>
    client.query<{ uid: string }>("select uid from tessera_finish_transactions($1::json, null)", [ends]),
  );
  const update = plans.find((plan) => plan["Query Text"].includes("UPDATE transactions t"));
  if (!update) throw new Error("auto_explain logged no plan for the finish's UPDATE");
  return { rows: result.rows, plan: update.Plan };
}

describe.skipIf(!usePostgres)("the guarded transition's plan (PostgreSQL)", () => {
  it("probes the primary key for each end once the table has grown, reading a handful of pages", async () => {
    for (let call = 1; call <= 4; call++) {
      const { rows, plan } = await finish(`grown-${call * 700}`);
      expect(rows).toEqual([{ uid: `grown-${call * 700}` }]);
      // The table is reached through its primary key by the ends' uids, never scanned whole (then joined to them).
      const reads = relationReads(plan, "transactions");
      expect(reads).toHaveLength(1);
      expect(reads[0].index).toBe("transactions_pkey");
      expect(reads[0].indexCond).toMatch(/uid/);
      // Planned once for the connection, the uids a parameter, not planned again for each call's values: planning it
      // cost more than running it (plan_cache_mode in the function's definition).
      expect(reads[0].indexCond).not.toMatch(/grown-/);
      const blocks = (node: PlanNode) => (node["Shared Hit Blocks"] ?? 0) + (node["Shared Read Blocks"] ?? 0);
      expect(blocks(plan)).toBeLessThan(40);
    }
  });

  it("ends a transaction once: a second finish of the same one changes nothing", async () => {
    const first = await finish("grown-5");
    const again = await finish("grown-5");
    expect(first.rows).toHaveLength(1);
    expect(again.rows).toEqual([]);
  });
});
