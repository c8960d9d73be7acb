import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectRoot } from "../project-root";
import type { DatabaseHandle } from "./client";

const migrationsFolder = path.join(projectRoot(), "lib", "db", "migrations");

// Arbitrary constant: every instance starting against one PostgreSQL takes the same lock, so only one applies
// migrations and the others wait and then find nothing left to do.
const MIGRATION_LOCK_ID = 7_311_942_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators are typed per driver.
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePg(tx as any, { migrationsFolder });
  });
}
