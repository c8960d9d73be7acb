import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, usePostgres } from "../harness";
import { type PlanNode, planNodes, planTestDatabase, watchPlans, withPlans } from "../query-plans";

/**
 * The duplicate check runs in every tokenization's batch write (lib/db/functions/tessera_lock_for_batch_write.sql) and
 * almost always finds nothing. Read from PostgreSQL's own plans (auto_explain, nested statements): it stays a probe
 * of transactions_fingerprint_idx bounded by the window as well as the fingerprint, so a card with a long history
 * costs no more than a new one, and it never starts parallel workers, even when the planner is told to use them
 * wherever it may. PostgreSQL only: the embedded database has neither parallel workers nor auto_explain.
 */
const HISTORY = 3_000;
const OLD_CARD = "a".repeat(64);
const RECENT_CARD = "b".repeat(64);
const NEW_CARD = "c".repeat(64);

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!usePostgres) return;
  ({ database, client } = await planTestDatabase());
  await watchParallelPlans();
  // As on a new deployment: the connection's first batches find the table nearly empty, and past the fifth call
  // PL/pgSQL may keep a generic plan made then. It must still be right once the table has grown, with no ANALYZE.
  await client.query(
    `insert into transactions (uid, shop_id, status, amount, currency, tracking_ids, duplicate_fingerprint, test, body)
      select 'first-' || g, 1, 'successful', 100, 'USD', '{}'::text[], md5(g::text), true, '{}'::json
      from generate_series(1, 20) as g`,
  );
  for (let call = 0; call < 8; call++) await checkFingerprints([NEW_CARD]);
  // One card paid HISTORY times over the past days (outside the window), one a second ago, and unrelated cards.
  await client.query(
    `insert into transactions (uid, shop_id, status, amount, currency, tracking_ids, duplicate_fingerprint, test,
        body, created_at)
      select 'old-' || g, 1, 'successful', 100, 'USD', '{}'::text[], $1, true, '{}'::json,
        now() - interval '1 day' - g * interval '1 min'
      from generate_series(1, $3::int) as g
      union all
      select 'other-' || g, 1, 'successful', 100, 'USD', '{}'::text[], md5(g::text) || md5(g::text), true, '{}'::json,
        now()
      from generate_series(1, $3::int) as g
      union all
      select 'recent', 1, 'successful', 100, 'USD', '{}'::text[], $2, true, '{}'::json, now() - interval '1 s'`,
    [OLD_CARD, RECENT_CARD, HISTORY],
  );
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** Every plan of the connection watched (`watchPlans`), parallel plans forced wherever the planner may use them. */
async function watchParallelPlans(): Promise<void> {
  const forceParallel = await client.query(
    "select name from pg_settings where name in ('debug_parallel_query', 'force_parallel_mode')",
  );
  await watchPlans(client, [
    // Parallel workers free and forced wherever the planner may use them.
    `${forceParallel.rows[0].name} = on`,
    "parallel_setup_cost = 0",
    "parallel_tuple_cost = 0",
    "min_parallel_table_scan_size = 0",
    "min_parallel_index_scan_size = 0",
    "max_parallel_workers_per_gather = 4",
  ]);
}

/** Calls the batch write's lock-and-check function and returns its rows and the plan of its duplicate read. */
async function checkFingerprints(fingerprints: string[]): Promise<{ rows: unknown[]; plan: PlanNode }> {
  const { result, plans } = await withPlans(client, () =>
    client.query(
      `select kind, value from tessera_lock_for_batch_write(1, '{}'::bigint[], $1::text[], 30, null, '{}'::text[])`,
      [fingerprints],
    ),
  );
  const duplicateRead = plans.find((plan) => plan["Query Text"].includes("t.duplicate_fingerprint"));
  if (!duplicateRead) throw new Error("auto_explain logged no plan for the duplicate read");
  return { rows: result.rows, plan: duplicateRead.Plan };
}

describe.skipIf(!usePostgres)("the duplicate check's plan (PostgreSQL)", () => {
  it("finds the card paid inside the window and no other", async () => {
    const { rows } = await checkFingerprints([OLD_CARD, RECENT_CARD, NEW_CARD]);
    expect(rows).toEqual([{ kind: "recent", value: RECENT_CARD }]);
  });

  it("never starts parallel workers", async () => {
    for (let call = 0; call < 8; call++) {
      // Custom plans or the generic one PL/pgSQL keeps after a few calls: whichever it uses.
      const { plan } = await checkFingerprints([OLD_CARD, NEW_CARD]);
      expect(planNodes(plan).map((node) => node["Node Type"])).not.toContain("Gather");
      expect(planNodes(plan).map((node) => node["Node Type"])).not.toContain("Gather Merge");
    }
  });

  it("probes the fingerprint index by card and window, so a long history outside the window costs nothing", async () => {
    const { plan } = await checkFingerprints([OLD_CARD]);
    const probe = planNodes(plan).find((node) => node["Index Name"] === "transactions_fingerprint_idx");
    expect(probe?.["Index Cond"]).toMatch(/duplicate_fingerprint.*created_at/);
    // A descent of the index (a handful of pages), not a read of the card's HISTORY entries.
    const blocks = (node: PlanNode) => (node["Shared Hit Blocks"] ?? 0) + (node["Shared Read Blocks"] ?? 0);
    expect(blocks(plan)).toBeLessThan(10);
  });
});
