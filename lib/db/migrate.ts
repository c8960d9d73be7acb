import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../server/project-root";
import type { Database, DatabaseHandle } from "./client";
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
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators are typed per driver.
    await migratePglite(handle.db as any, { migrationsFolder });
    await handle.db.transaction((tx) => applyDatabaseFunctions(tx));
    return shipped;
  }
  // A session's lock, on one connection, held across both steps: drizzle's migrator commits its own transaction
  // (even inside a caller's), which would release a transaction's lock before the functions are applied.
  const pool = (handle.db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error("migrateDatabase: a PostgreSQL handle without its pool");
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const db = drizzlePg(client, { schema }) as unknown as Database;
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePg(db as any, { migrationsFolder });
    await db.transaction((tx) => applyDatabaseFunctions(tx));
  } finally {
    // Unlocked by the session's end if this fails (the connection is then dropped, not pooled).
    const unlocked = await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).then(
      () => true,
      () => false,
    );
    client.release(!unlocked);
  }
  return shipped;
}
