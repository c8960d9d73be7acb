import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectRoot } from "../server/project-root";
import type { DatabaseHandle } from "./client";

const migrationsFolder = path.join(projectRoot(), "lib", "db", "migrations");

// Arbitrary constant: every instance starting against one PostgreSQL takes the same lock, so only one applies
// migrations and the others wait and then find nothing left to do.
const MIGRATION_LOCK_ID = 7_311_942_001;

/**
 * Applies the migrations this code ships that the database lacks. Resolves to how many this code ships: the count
 * `/health/ready` compares the database with, read here once, at start, from the files just applied (not on a
 * request, when the files on disk may already be a newer release's or gone).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<number> {
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators are typed per driver.
    await migratePglite(handle.db as any, { migrationsFolder });
    return shipped;
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePg(tx as any, { migrationsFolder });
  });
  return shipped;
}
