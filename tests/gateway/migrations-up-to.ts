import fs from "node:fs";
import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "@/lib/db/client";

export const MIGRATIONS = path.resolve(import.meta.dirname, "../../lib/db/migrations");

/** The migrations as this code shipped them up to `last`, copied into `folder` (which must exist, empty). */
export function migrationsUpTo(folder: string, last: number): string {
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** A database brought to migration `last` only, as a release that shipped up to it left it (tables only). */
export async function migrateUpTo(handle: DatabaseHandle, folder: string, last: number): Promise<void> {
  const migrationsFolder = migrationsUpTo(folder, last);
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators are typed per driver.
  if (handle.kind === "pglite") await migratePglite(handle.db as any, { migrationsFolder });
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  else await migrateNodePg(handle.db as any, { migrationsFolder });
}
