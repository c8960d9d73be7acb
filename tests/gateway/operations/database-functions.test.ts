import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "@/lib/db/client";
import {
  applyDatabaseFunctions,
  DATABASE_FUNCTIONS_FOLDER,
  readDatabaseFunctions,
} from "@/lib/db/database-functions";
import { migrateDatabase } from "@/lib/db/migrate";
import { ensurePgliteTemplate } from "@/lib/db/pglite-template";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";
import { MIGRATIONS, migrateUpTo as migrateUpToIn } from "../migrations-up-to";

/**
 * The database functions live in lib/db/functions, one file each, applied at start-up after the migrations when a
 * file's text changed. Whatever a database went through — created now, upgraded from migration 0030 (when the
 * functions were still defined by migrations), or made from the embedded database's template — it ends with the
 * definitions of the files.
 */
const LAST_MIGRATION_WITH_FUNCTIONS = 30;

interface Definitions {
  functions: Record<string, unknown>[];
  triggers: Record<string, unknown>[];
}

async function definitions(handle: DatabaseHandle): Promise<Definitions> {
  const functions = await queryRows<Record<string, unknown>>(
    handle.db,
    sql`select p.proname as name, pg_get_function_identity_arguments(p.oid) as arguments,
               pg_get_function_result(p.oid) as result, p.prosrc as source, p.proconfig as settings,
               p.provolatile as volatility, l.lanname as language
          from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          join pg_language l on l.oid = p.prolang
         where n.nspname = 'public'
         order by p.proname, 2`,
  );
  const triggers = await queryRows<Record<string, unknown>>(
    handle.db,
    sql`select t.tgname as name, pg_get_triggerdef(t.oid) as definition
          from pg_trigger t where not t.tgisinternal order by t.tgname`,
  );
  return { functions, triggers };
}

const opened: DatabaseHandle[] = [];
const databases: TestDatabase[] = [];
const folders: string[] = [];

async function freshDatabase(): Promise<DatabaseHandle> {
  const database = await createTestDatabase();
  databases.push(database);
  const handle = await database.open();
  opened.push(handle);
  return handle;
}

function temporaryFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-functions-"));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  for (const handle of opened) await handle.close();
  for (const database of databases) await database.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function migrateUpTo(handle: DatabaseHandle, last: number): Promise<void> {
  await migrateUpToIn(handle, temporaryFolder(), last);
}

/** The files of lib/db/functions copied, with `change` made to the named one's text. */
function functionsWith(name: string, change: (text: string) => string): string {
  const folder = temporaryFolder();
  for (const file of fs.readdirSync(DATABASE_FUNCTIONS_FOLDER)) {
    const text = fs.readFileSync(path.join(DATABASE_FUNCTIONS_FOLDER, file), "utf8");
    fs.writeFileSync(path.join(folder, file), file === `${name}.sql` ? change(text) : text);
  }
  return folder;
}

/** Function files whose function came after migration 0030, with the tables it works on. */
const ADDED_AFTER_0030 = ["tessera_guard_dispute_status", "tessera_guard_subscription_state"];

const markBody = (text: string) => text.replace(/\nBEGIN\n/, "\nBEGIN\n  -- an older definition\n");

describe("database functions", () => {
  let fresh: Definitions;

  it("a new database has each function as its file defines it, and no other", async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    fresh = await definitions(handle);
    const files = readDatabaseFunctions();
    expect(fresh.functions.map((row) => row.name)).toEqual(files.map((file) => file.name));
    for (const row of fresh.functions) {
      const text = fs.readFileSync(path.join(DATABASE_FUNCTIONS_FOLDER, `${row.name}.sql`), "utf8");
      expect(text).toContain(`$$${row.source}$$`);
    }
    expect(fresh.triggers.map((row) => row.name)).toEqual([
      "disputes_status_forward_only",
      "subscriptions_state_by_table",
      "transactions_in_flight_ended",
      "transactions_in_flight_started",
    ]);
    const recorded = await queryRows<{ name: string; sha256: string }>(
      handle.db,
      sql`select name, sha256 from database_functions order by name`,
    );
    expect(recorded).toEqual(files.map((file) => ({ name: file.name, sha256: file.sha256 })));
  });

  it("a database at migration 0030, its functions and triggers as migrations left them, ends with the same", async () => {
    const handle = await freshDatabase();
    await migrateUpTo(handle, LAST_MIGRATION_WITH_FUNCTIONS);
    // Each function as an older release defined it (its body marked, so a function left alone would show), and a
    // trigger that fires on every update.
    // Functions written since 0030 (on tables that came later) did not exist then.
    // Only the definitions: a file's other statements (a fill of rows, say) are for the tables as they are now.
    const defines = (statement: string) =>
      /CREATE OR REPLACE (FUNCTION|TRIGGER)|DROP FUNCTION/.test(statement);
    for (const file of readDatabaseFunctions().filter((file) => !ADDED_AFTER_0030.includes(file.name))) {
      for (const statement of file.statements.filter(defines)) {
        await handle.db.execute(sql.raw(markBody(statement)));
      }
    }
    await handle.db.execute(
      sql.raw(`create or replace trigger transactions_in_flight_ended after update on transactions
                 for each row execute function tessera_track_in_flight()`),
    );
    expect(await definitions(handle)).not.toEqual(fresh);

    await migrateDatabase(handle);
    expect(await definitions(handle)).toEqual(fresh);
  });

  it("an embedded database made from the template ends with the same", async () => {
    await ensurePgliteTemplate();
    const dataDir = temporaryFolder();
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    opened.push(handle);
    await migrateDatabase(handle);
    expect(await definitions(handle)).toEqual(fresh);
    // On the PostgreSQL suite the embedded template may not exist yet: made here (initdb in WebAssembly and every
    // migration), which under a loaded machine takes longer than a test's usual 30 s.
  }, 120_000);

  it("a function whose file changed is applied again at the next start, an unchanged one is not", async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    const before = await queryRows<{ name: string; applied_at: string }>(
      handle.db,
      sql`select name, applied_at::text from database_functions order by name`,
    );
    expect(await applyDatabaseFunctions(handle.db)).toEqual([]);

    const changed = readDatabaseFunctions(functionsWith("tessera_sight_cards", markBody));
    expect(await applyDatabaseFunctions(handle.db, changed)).toEqual(["tessera_sight_cards"]);
    const [sight] = await queryRows<{ source: string }>(
      handle.db,
      sql`select prosrc as source from pg_proc where proname = 'tessera_sight_cards'`,
    );
    expect(sight.source).toContain("-- an older definition");
    const after = await queryRows<{ name: string; applied_at: string }>(
      handle.db,
      sql`select name, applied_at::text from database_functions order by name`,
    );
    expect(after.filter((row) => row.name !== "tessera_sight_cards")).toEqual(
      before.filter((row) => row.name !== "tessera_sight_cards"),
    );
    expect(after.find((row) => row.name === "tessera_sight_cards")).not.toEqual(
      before.find((row) => row.name === "tessera_sight_cards"),
    );

    // The next start, with this code's files: the changed one goes back, the others are not touched.
    await migrateDatabase(handle);
    expect(await definitions(handle)).toEqual(fresh);
    expect(await applyDatabaseFunctions(handle.db)).toEqual([]);
  });

  it.runIf(usePostgres)("two instances starting at once on one new database both start", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const [first, second] = [await database.open(), await database.open()];
    opened.push(first, second);
    await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
    expect(await definitions(first)).toEqual(fresh);
  });

  it("no migration after 0030 defines a function or a trigger: they live in lib/db/functions", () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
    const later = (journal.entries as { idx: number; tag: string }[]).filter(
      (entry) => entry.idx > LAST_MIGRATION_WITH_FUNCTIONS,
    );
    expect(later.length).toBeGreaterThan(0);
    for (const entry of later) {
      const text = fs.readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), "utf8");
      expect(text, entry.tag).not.toMatch(/create\s+(or\s+replace\s+)?(function|trigger|procedure)/i);
    }
  });
});
