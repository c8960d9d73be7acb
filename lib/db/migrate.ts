import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { OperatorError } from "../server/operator-error";
import { projectRoot } from "../server/project-root";
import { type Database, type DatabaseHandle, queryRows } from "./client";
import { applyDatabaseFunctions } from "./database-functions";
import * as schema from "./schema";

const migrationsFolder = path.join(projectRoot(), "lib", "db", "migrations");

// Arbitrary constant: every instance starting against one PostgreSQL takes the same lock, so only one applies
// migrations and the others wait and then find nothing left to do.
const MIGRATION_LOCK_ID = 7_311_942_001;

/**
 * Applies the migrations this code ships that the database lacks, then the database functions whose files changed
 * (lib/db/database-functions.ts). Resolves to how many migrations this code ships: the count `/health/ready`
 * compares the database with, read here once, at start, from the files just applied (not on a request, when the
 * files on disk may already be a newer release's or gone).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<number> {
  return (await applyMigrations(handle)).shipped;
}

/**
 * `migrateDatabase`, also telling how many of the migrations this call applied itself (counted while it holds the
 * lock, so that of several commands started at once only the one that did the work says so): `npm run migrate`.
 */
export async function applyMigrations(
  handle: DatabaseHandle,
): Promise<{ shipped: number; appliedNow: number }> {
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  if (handle.kind === "pglite") {
    const before = await appliedMigrationCount(handle.db);
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators are typed per driver.
    await migratePglite(handle.db as any, { migrationsFolder });
    await handle.db.transaction((tx) => applyDatabaseFunctions(tx));
    return { shipped, appliedNow: (await appliedMigrationCount(handle.db)) - before };
  }
  // A session's lock, on one connection, held across both steps: drizzle's migrator commits its own transaction
  // (even inside a caller's), which would release a transaction's lock before the functions are applied.
  const pool = (handle.db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error("migrateDatabase: a PostgreSQL handle without its pool");
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const db = drizzlePg(client, { schema }) as unknown as Database;
    const before = await appliedMigrationCount(db);
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePg(db as any, { migrationsFolder });
    await db.transaction((tx) => applyDatabaseFunctions(tx));
    return { shipped, appliedNow: (await appliedMigrationCount(db)) - before };
  } finally {
    // Unlocked by the session's end if this fails (the connection is then dropped, not pooled).
    const unlocked = await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).then(
      () => true,
      () => false,
    );
    client.release(!unlocked);
  }
}

/** Migrations the database has applied (rows of drizzle's journal table); 0 when none ever ran. */
export async function appliedMigrationCount(db: Pick<Database, "execute">): Promise<number> {
  // Two statements: a query naming a table that does not exist fails when it is parsed, whatever its conditions.
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 0;
  const [row] = await queryRows<{ applied: number | string }>(
    db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return Number(row?.applied ?? 0);
}

/**
 * For an instance told not to migrate (MIGRATE_ON_START=false): resolves to the count this code ships, as
 * `migrateDatabase` does, when the database has every one of them; stops the start with a message saying what to
 * run when it lacks some. More than shipped is fine: a newer release migrated first, as upgrades do.
 */
export async function requireMigrations(handle: DatabaseHandle): Promise<number> {
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  const applied = await appliedMigrationCount(handle.db);
  if (applied < shipped) {
    throw new OperatorError(
      `The database has ${applied} of the ${shipped} migrations this release needs and MIGRATE_ON_START is false: run \`npm run migrate\` (the image's \`migrate\` command) first.`,
    );
  }
  return shipped;
}
