import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";
import { type PlanNode, planNodes } from "../query-plans";

/**
 * Every transaction ends through tessera_finish_transactions (lib/db/functions): payments and payouts when the
 * acquirer answers, children, 3-D Secure, recovery. Read from PostgreSQL's own plans (auto_explain, nested
 * statements): each end stays a probe of the primary key once the table has grown, even on a connection whose
 * first finishes planned against a nearly empty table (PL/pgSQL may keep that plan), with no ANALYZE since.
 * PostgreSQL only: the embedded database has no auto_explain.
 */
const GROWN = 3_000;

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
  client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  await client.query(`insert into shops (id, name, secret_key_hash, secret_key_sealed, webhook_secret_sealed,
      private_key_sealed, public_key, key_id, settings)
    values (1, 'Plan Shop', 'hash', '\\x00', '\\x00', '\\x00', 'public', 'key', '{}')`);
  await insertIncomplete("early", 20);
  await watchPlans();
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

/** Has PostgreSQL send every plan of this connection, nested ones included, as a notice. */
async function watchPlans(): Promise<void> {
  await client.query(`load 'auto_explain'`);
  for (const setting of [
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_nested_statements = on",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
    "auto_explain.log_format = json",
    "auto_explain.log_level = notice",
    "client_min_messages = notice",
  ]) {
    await client.query(`set ${setting}`);
  }
}

/** Ends one transaction through the guarded transition; its rows and the plan of its UPDATE. */
async function finish(uid: string): Promise<{ rows: { uid: string }[]; plan: PlanNode }> {
  const plans: { "Query Text": string; Plan: PlanNode }[] = [];
  const onNotice = (notice: { message?: string }) => {
    const json = notice.message?.match(/plan:\s*([\s\S]*)$/)?.[1];
    if (json) plans.push(JSON.parse(json));
  };
  client.on("notice", onNotice);
  try {
    const ends = JSON.stringify([{ uid, status: "successful", body: { result: {} }, keep_card: true }]);
    const result = await client.query<{ uid: string }>(
      "select uid from tessera_finish_transactions($1::json, null)",
      [ends],
    );
    const update = plans.find((plan) => plan["Query Text"].includes("UPDATE transactions t"));
    if (!update) throw new Error("auto_explain logged no plan for the finish's UPDATE");
    return { rows: result.rows, plan: update.Plan };
  } finally {
    client.off("notice", onNotice);
  }
}

describe.skipIf(!usePostgres)("the guarded transition's plan (PostgreSQL)", () => {
  it("probes the primary key for each end once the table has grown, reading a handful of pages", async () => {
    for (let call = 1; call <= 4; call++) {
      const { rows, plan } = await finish(`grown-${call * 700}`);
      expect(rows).toEqual([{ uid: `grown-${call * 700}` }]);
      // The table is reached through its primary key by the ends' uids, never scanned whole (then joined to them).
      const scans = planNodes(plan).filter(
        (node) => node["Relation Name"] === "transactions" && node["Node Type"].endsWith("Scan"),
      );
      expect(scans).toHaveLength(1);
      expect(scans[0]["Index Name"]).toBe("transactions_pkey");
      expect(scans[0]["Index Cond"]).toMatch(/uid/);
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
