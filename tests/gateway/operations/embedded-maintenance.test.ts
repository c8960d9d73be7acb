import { PGlite } from "@electric-sql/pglite";
import { auto_explain } from "@electric-sql/pglite/contrib/auto_explain";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { maintainEmbeddedDatabase, tablesDueForMaintenance } from "@/lib/db/embedded-maintenance";
import { PGLITE_SETTINGS } from "@/lib/db/pglite-settings";
import * as schema from "@/lib/db/schema";
import { createParent, postChild } from "../child-helpers";
import { startTestGateway, type TestGateway, type TestShop, usePostgres } from "../harness";
import { parseExposition, sampleValue } from "../metrics-exposition";
import { type PlanNode, relationReads } from "../query-plans";

/**
 * The embedded database has no autovacuum: without a maintenance of its own, a plan that a PL/pgSQL function cached
 * while the tables were nearly empty is kept for the process's life. One did: ending a transaction read every
 * transaction ever written (a scan of the whole primary key, filtered by status), so payments and refunds slowed as
 * the history grew. Here the hot statements' plans are read back with auto_explain (nested statements: the
 * functions' own) after a few thousand writes: each reads its table through an index condition.
 */
const GROWN_ROWS = 4_000;

let client: PGlite;
let gateway: TestGateway;
let shop: TestShop;
/** Plans of every statement while `capturing` (auto_explain's notices), as JSON. */
const plans: { "Query Text": string; Plan: PlanNode }[] = [];
let capturing = false;

/** A payment and a refund of it through the API: the batch write with its card limits, the reservation, the ends. */
async function payAndRefund(): Promise<void> {
  const parent = await createParent(gateway, shop, { type: "payment", amount: 5000 });
  const refund = await postChild(gateway, shop, "refunds", {
    parent_uid: parent.uid,
    amount: 100,
    reason: "Plan check",
  });
  expect(refund.status).toBe(200);
}

/** Makes the changes counted so far visible in pg_stat_user_tables now. */
async function flushStatistics(): Promise<void> {
  await client.query("select pg_stat_force_next_flush()");
  await client.query("select 1");
}

beforeAll(async () => {
  if (usePostgres) return;
  client = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS, extensions: { auto_explain } });
  // Notices of the gateway's own statements: PGlite hands them only to a per-statement callback.
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = (message, options = {}) =>
    execProtocolStream(message, {
      ...options,
      onNotice: (notice) => {
        const json = capturing ? notice.message?.match(/plan:\s*([\s\S]*)$/)?.[1] : undefined;
        if (json) plans.push(JSON.parse(json));
      },
    });
  gateway = await startTestGateway({
    database: {
      url: null,
      open: async () => ({
        db: drizzle(client, { schema }) as unknown as Database,
        kind: "pglite",
        close: () => client.close(),
      }),
      drop: async () => {},
    },
  });
  shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
  // As on a new deployment: the functions' first calls find the tables nearly empty, and PL/pgSQL keeps a generic
  // plan made then after its fifth call.
  for (let call = 0; call < 6; call++) await payAndRefund();
  // A few thousand writes: copies of the last payment and its refund, and of the card limits' sightings.
  await client.exec(`
    insert into transactions
      select (jsonb_populate_record(t, jsonb_build_object('uid', 'grown-' || t.type || '-' || g))).*
        from transactions t, generate_series(1, ${GROWN_ROWS / 2}) g
       where t.uid in (select uid from transactions order by created_at desc limit 2);
    insert into card_sightings
      select (jsonb_populate_record(s, jsonb_build_object('card', md5(g::text), 'family', md5(g::text)))).*
        from card_sightings s, generate_series(1, ${GROWN_ROWS}) g
       where s.card = (select card from card_sightings limit 1);
  `);
  // The statistics the maintenance reads are flushed at most once a second, unless asked.
  await flushStatistics();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

describe.skipIf(usePostgres)("the embedded database's maintenance", () => {
  it("analyzes the grown tables, counted on /metrics", async () => {
    const maintained = await gateway.runtime.embeddedMaintenance!.sweepOnce();
    expect(maintained).toBeGreaterThanOrEqual(2);
    const stats = await client.query<{ relname: string; analyzed: boolean; reltuples: number }>(
      `select s.relname, s.last_analyze is not null as analyzed, c.reltuples
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.relname in ('transactions', 'card_sightings') order by s.relname`,
    );
    expect(stats.rows.map((row) => [row.relname, row.analyzed])).toEqual([
      ["card_sightings", true],
      ["transactions", true],
    ]);
    for (const row of stats.rows) expect(row.reltuples).toBeGreaterThan(GROWN_ROWS / 2);
    // A small sample (statistics target 10: 3,000 rows, PostgreSQL's default 30,000), because each statement holds
    // the store's one connection while it reads: a histogram of ten buckets, not a hundred.
    const histogram = await client.query<{ bounds: number }>(
      `select array_length(histogram_bounds::text::text[], 1) as bounds
         from pg_stats where tablename = 'transactions' and attname = 'uid'`,
    );
    expect(histogram.rows[0].bounds).toBe(11);
    const { body } = await gateway.runtime.deps.metrics.render(() => {});
    const scraped = parseExposition(body);
    const runs = ["analyze", "vacuum", "checkpoint"].map(
      (operation) =>
        sampleValue(scraped, "tessera_db_maintenance_duration_seconds_count", { operation }) ?? 0,
    );
    expect(runs[0] + runs[1] + runs[2]).toBe(maintained);
    expect(gateway.logs.some((line) => line.includes('"msg":"embedded database maintenance"'))).toBe(true);
    // Nothing left to do until the tables change again.
    await flushStatistics();
    expect(await gateway.runtime.embeddedMaintenance!.sweepOnce()).toBe(0);
  });

  it("after it, the payment's write, the card-limit check, the reservation and the ends read through indexes", async () => {
    await client.exec(`load 'auto_explain';
      set auto_explain.log_min_duration = 0;
      set auto_explain.log_nested_statements = on;
      set auto_explain.log_format = json;
      set auto_explain.log_level = notice;`);
    capturing = true;
    try {
      await payAndRefund();
    } finally {
      capturing = false;
      await client.exec("set auto_explain.log_min_duration = -1");
    }
    const hotTables = new Set(["transactions", "card_sightings", "cards"]);
    const reads = plans.flatMap((plan) =>
      [...hotTables].flatMap((table) =>
        relationReads(plan.Plan, table).map((read) => ({
          query: plan["Query Text"].replace(/\s+/g, " ").slice(0, 120),
          read,
        })),
      ),
    );
    const readThrough = (pattern: RegExp, index: string) =>
      reads.some(({ query, read }) => pattern.test(query) && read.index === index);
    // No read of a hot table without an index condition: no sequential scan, no walk of a whole index.
    const unbounded = reads.filter(({ read }) => read.nodeType === "Seq Scan" || !read.indexCond);
    expect({
      duplicateRead: readThrough(/duplicate_fingerprint/, "transactions_fingerprint_idx"),
      cardLimits: readThrough(/FROM card_sightings/, "card_sightings_family_idx"),
      ends: readThrough(/UPDATE transactions t/, "transactions_pkey"),
      reservation: readThrough(/FROM transactions/, "transactions_parent_idx"),
      unbounded: unbounded.map(({ query, read }) => `${read.nodeType} ${read.index ?? ""}: ${query}`),
    }).toEqual({ duplicateRead: true, cardLimits: true, ends: true, reservation: true, unbounded: [] });
  });

  it("vacuums a large table once 2,000 of its rows died, before a fifth of it did, and analyzes it by its own rule", async () => {
    // A table of 60,000 rows, analyzed: PostgreSQL's scale factor alone would wait for 12,050 dead rows.
    await client.exec(`create table maintenance_probe (id int primary key, v int);
      insert into maintenance_probe select g, 0 from generate_series(1, 60000) g;`);
    try {
      // The insert's counts flushed before the ANALYZE, so that it clears them.
      await flushStatistics();
      await client.exec("analyze maintenance_probe");
      const due = async () =>
        (await tablesDueForMaintenance(gateway.runtime.deps.db)).filter((table) =>
          table.table.endsWith("maintenance_probe"),
        );
      await client.exec("update maintenance_probe set v = 1 where id <= 1900");
      await flushStatistics();
      // 1,900 dead rows: nothing yet.
      expect(await due()).toEqual([]);
      await client.exec("update maintenance_probe set v = 1 where id > 59800");
      await flushStatistics();
      // 2,100 dead rows (a thirtieth of the table): vacuumed, not analyzed (a tenth must change for that).
      expect(await due()).toEqual([{ table: "public.maintenance_probe", operation: "vacuum" }]);
      await client.exec("vacuum maintenance_probe");
      await client.exec("update maintenance_probe set v = 2 where id <= 6500");
      await flushStatistics();
      // 6,500 rows changed since the ANALYZE (over a tenth) and as many dead: both, in two statements.
      expect(await due()).toEqual([
        { table: "public.maintenance_probe", operation: "vacuum" },
        { table: "public.maintenance_probe", operation: "analyze" },
      ]);
    } finally {
      await client.exec("drop table maintenance_probe");
    }
  });

  it("leaves the store to the requests between two statements, as long as the last one held it", async () => {
    await client.exec(`create table maintenance_first (id int); create table maintenance_second (id int);
      insert into maintenance_first select generate_series(1, 500);
      insert into maintenance_second select generate_series(1, 500);`);
    try {
      await flushStatistics();
      const db = gateway.runtime.deps.db;
      // The store as the maintenance sees it, with each statement's start and end written down.
      const spans: { query: string; start: number; end: number }[] = [];
      const timed = {
        execute: async (query: SQL) => {
          const start = performance.now();
          const result = await db.execute(query);
          // Each statement made to hold the store 40 ms, so the pause after it is measurable.
          await new Promise((resolve) => setTimeout(resolve, 40));
          spans.push({ query: new PgDialect().sqlToQuery(query).sql, start, end: performance.now() });
          return result;
        },
      } as unknown as Database;
      const done = await maintainEmbeddedDatabase(timed, () => {});
      // The round's own statements, not its reads of the statistics.
      const statements = spans.filter(({ query }) => /^(analyze|vacuum|checkpoint)/.test(query));
      expect(statements.map(({ query }) => query)).toEqual(
        expect.arrayContaining(["analyze public.maintenance_first", "analyze public.maintenance_second"]),
      );
      expect(done).toHaveLength(statements.length);
      for (let i = 1; i < statements.length; i++) {
        const held = statements[i - 1].end - statements[i - 1].start;
        expect(statements[i].start - statements[i - 1].end).toBeGreaterThanOrEqual(held - 1);
      }
    } finally {
      await client.exec("drop table maintenance_first; drop table maintenance_second");
    }
  });

  it("checkpoints once 128 MB of log was written since the last checkpoint, so the log stops growing", async () => {
    const position = async () =>
      (
        await client.query<{ redo: string; written: number }>(
          `select redo_lsn::text as redo, pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as written
             from pg_control_checkpoint()`,
        )
      ).rows[0];
    // A fresh checkpoint first, so that only the rows below count (and the five-minute rule cannot).
    await client.exec("checkpoint");
    const start = await position();
    await client.exec(`create table checkpoint_probe (id int, body text);
      insert into checkpoint_probe select g, repeat('x', 1500) from generate_series(1, 100000) g;`);
    try {
      const written = await position();
      expect(written.redo).toBe(start.redo);
      expect(written.written).toBeGreaterThan(128 * 1024 * 1024);
      const before = await gateway.runtime.deps.metrics.render(() => {});
      const checkpoints = (body: string) =>
        sampleValue(parseExposition(body), "tessera_db_maintenance_duration_seconds_count", {
          operation: "checkpoint",
        }) ?? 0;
      await gateway.runtime.embeddedMaintenance!.sweepOnce();
      const after = await position();
      expect(after.redo).not.toBe(start.redo);
      // What the next start would replay after a crash: what was written after the checkpoint, nearly nothing.
      expect(after.written).toBeLessThan(1024 * 1024);
      const counted = await gateway.runtime.deps.metrics.render(() => {});
      expect(checkpoints(counted.body) - checkpoints(before.body)).toBe(1);
      expect(gateway.logs.some((line) => line.includes('"checkpoint":true'))).toBe(true);
    } finally {
      await client.exec("drop table checkpoint_probe");
    }
  }, 60_000);

  it("freezes every table past the freezing age, the catalogs' included, so the database's own age moves forward", async () => {
    // Ages in transactions, as PostgreSQL reads them: each table's oldest unfrozen id (its TOAST table's included),
    // the database's, and what /metrics says of it.
    const ages = async () =>
      (
        await client.query<{ oldest_table: number; catalogs: number; database: number }>(
          `select max(age(relfrozenxid)) filter (where relkind in ('r', 'm', 't')) as oldest_table,
                  max(age(relfrozenxid)) filter (where relkind = 'r' and relnamespace = 'pg_catalog'::regnamespace)
                    as catalogs,
                  (select age(datfrozenxid) from pg_database where datname = current_database()) as database
             from pg_class`,
        )
      ).rows[0];
    const scrapedAge = async () =>
      sampleValue(
        parseExposition((await gateway.runtime.deps.metrics.render(() => {})).body),
        "tessera_db_transaction_id_age",
        { database: "postgres" },
      );
    // 1,500 transactions that each take an id, as writes do: the catalogs (frozen by initdb) are older than 1,000.
    for (let spent = 0; spent < 1_500; spent++) await client.query("select txid_current()");
    const before = await ages();
    expect(before.catalogs).toBeGreaterThan(1_500);
    expect(await scrapedAge()).toBe(before.database);
    const limits = { freezeMaxAge: 1_000, multixactFreezeMaxAge: 400_000_000 };
    const due = await tablesDueForMaintenance(gateway.runtime.deps.db, limits);
    expect(due).toEqual(
      expect.arrayContaining([
        { table: "pg_catalog.pg_class", operation: "freeze" },
        { table: "pg_catalog.pg_database", operation: "freeze" },
        { table: "public.transactions", operation: "freeze" },
      ]),
    );
    // At PostgreSQL's age (200 million) none is due for freezing.
    const dueByDefault = await tablesDueForMaintenance(gateway.runtime.deps.db);
    expect(dueByDefault.filter((table) => table.operation === "freeze")).toEqual([]);

    const failures: unknown[] = [];
    const done = await maintainEmbeddedDatabase(
      gateway.runtime.deps.db,
      (_, error) => failures.push(error),
      limits,
    );
    expect(failures).toEqual([]);
    expect(done.filter((statement) => statement.operation === "freeze").length).toBe(
      due.filter((table) => table.operation === "freeze").length,
    );
    const after = await ages();
    expect(after.oldest_table).toBeLessThan(limits.freezeMaxAge);
    expect(after.database).toBeLessThan(limits.freezeMaxAge);
    expect(await scrapedAge()).toBe(after.database);
    expect(await tablesDueForMaintenance(gateway.runtime.deps.db, limits)).not.toContainEqual(
      expect.objectContaining({ operation: "freeze" }),
    );
  }, 60_000);

  it("freezes a table whose oldest multixact (a row lock shared by a transaction and its savepoint) is past its age", async () => {
    await client.exec(
      "create table multixact_probe (id int primary key, v int); insert into multixact_probe values (1, 0)",
    );
    try {
      // As a renewal does: a row locked by its transaction, then updated in a savepoint, takes a multixact.
      for (let lock = 0; lock < 30; lock++) {
        await client.exec(`begin; select * from multixact_probe where id = 1 for share;
          savepoint s; update multixact_probe set v = v + 1 where id = 1; release s; commit;`);
      }
      const multixactAge = async () =>
        (
          await client.query<{ age: number }>(
            "select mxid_age(relminmxid) as age from pg_class where relname = 'multixact_probe'",
          )
        ).rows[0].age;
      expect(await multixactAge()).toBeGreaterThanOrEqual(30);
      const limits = { freezeMaxAge: 1_000_000_000, multixactFreezeMaxAge: 20 };
      const probe = async () =>
        (await tablesDueForMaintenance(gateway.runtime.deps.db, limits)).find(
          (due) => due.table === "public.multixact_probe",
        );
      expect(await probe()).toEqual({ table: "public.multixact_probe", operation: "freeze" });
      await maintainEmbeddedDatabase(gateway.runtime.deps.db, () => {}, limits);
      expect(await multixactAge()).toBe(0);
      expect(await probe()).toBeUndefined();
    } finally {
      await client.exec("drop table multixact_probe");
    }
  });

  it("warns, with the databases' ages, once a database the store never opens is halfway to wraparound", async () => {
    const warning = "embedded database transaction ids are aging toward wraparound";
    const [{ original, next }] = (
      await client.query<{ original: string; next: string }>(
        `select datfrozenxid::text as original, txid_current()::text as next
           from pg_database where datname = 'template1'`,
      )
    ).rows;
    // As a process that ran 1.1 billion transactions since its start froze template1 would find it.
    const aged = (Number(next) - 1_100_000_000 + 2 ** 32) % 2 ** 32;
    await client.exec(`update pg_database set datfrozenxid = '${aged}'::xid where datname = 'template1'`);
    try {
      await gateway.runtime.embeddedMaintenance!.sweepOnce();
      const line = gateway.logs.find((logged) => logged.includes(warning));
      expect(line).toBeDefined();
      const { databases } = JSON.parse(line!) as { databases: { database: string; age: number }[] };
      expect(databases).toEqual([{ database: "template1", age: expect.any(Number) }]);
      expect(databases[0].age).toBeGreaterThan(1_100_000_000);
      // Once an hour, not at every round.
      await gateway.runtime.embeddedMaintenance!.sweepOnce();
      expect(gateway.logs.filter((logged) => logged.includes(warning))).toHaveLength(1);
    } finally {
      await client.exec(
        `update pg_database set datfrozenxid = '${original}'::xid where datname = 'template1'`,
      );
    }
  });

  it("goes on with the other tables when the database refuses one table's statement", async () => {
    // Made in this order, so the refused table comes first in the round (tables are taken by their oid).
    await client.exec(`create table maintenance_refused (id int);
      create table maintenance_after (id int);
      insert into maintenance_refused select generate_series(1, 500);
      insert into maintenance_after select generate_series(1, 500);`);
    try {
      await flushStatistics();
      const dialect = new PgDialect();
      const db = gateway.runtime.deps.db;
      // The store as the maintenance sees it, except that a statement naming the first table fails.
      const refusing = {
        execute: (query: SQL) =>
          dialect.sqlToQuery(query).sql.includes("maintenance_refused")
            ? Promise.reject(new Error("refused by the test"))
            : db.execute(query),
      } as unknown as Database;
      const failures: (string | null)[] = [];
      const done = await maintainEmbeddedDatabase(refusing, (statement) => failures.push(statement.table));
      expect(failures).toEqual(["public.maintenance_refused"]);
      expect(done.map((statement) => statement.table)).toContain("public.maintenance_after");
      const analyzed = await client.query<{ relname: string; analyzed: boolean }>(
        `select relname, last_analyze is not null as analyzed from pg_stat_user_tables
          where relname in ('maintenance_refused', 'maintenance_after') order by relname`,
      );
      expect(analyzed.rows).toEqual([
        { relname: "maintenance_after", analyzed: true },
        { relname: "maintenance_refused", analyzed: false },
      ]);
    } finally {
      await client.exec("drop table maintenance_refused; drop table maintenance_after");
    }
  });
});
