import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { projectRoot } from "../server/project-root";
import type { Database } from "./client";
import { databaseFunctions } from "./schema";

/**
 * The database's functions, one file each in lib/db/functions holding its current definition (and the triggers that
 * call it), applied after the migrations like a repeatable migration: a file whose text changed since it was last
 * applied is run again, an unchanged one is not. Migrations keep tables; a rule is read in one file, not in the
 * sum of the migrations that once redefined it.
 */
export const DATABASE_FUNCTIONS_FOLDER = path.join(projectRoot(), "lib", "db", "functions");

/** As in the migrations: a file of several statements separates them so, for drivers that run one at a time. */
const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

export interface DatabaseFunctionFile {
  /** The file's name without `.sql`: the function's name. */
  name: string;
  statements: string[];
  sha256: string;
}

export function readDatabaseFunctions(folder: string = DATABASE_FUNCTIONS_FOLDER): DatabaseFunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), "utf8");
      return {
        name: file.slice(0, -".sql".length),
        statements: text.split(STATEMENT_BREAKPOINT).filter((statement) => statement.trim() !== ""),
        sha256: createHash("sha256").update(text).digest("hex"),
      };
    });
}

/**
 * Runs each file whose text is not the one last applied, and records it; resolves to the names applied. Run in
 * the migrations' transaction (on PostgreSQL under their advisory lock), so that instances starting together apply
 * a changed function once, and a start that fails leaves neither a half-applied file nor its digest behind.
 * Files are applied by name: PL/pgSQL resolves the functions it calls when it runs, not when it is defined.
 * A signature that changes (arguments, result) cannot be replaced in place: its file then drops the old one first.
 */
export async function applyDatabaseFunctions(
  db: Pick<Database, "execute" | "select" | "insert">,
  files: DatabaseFunctionFile[] = readDatabaseFunctions(),
): Promise<string[]> {
  const appliedRows = await db
    .select({ name: databaseFunctions.name, sha256: databaseFunctions.sha256 })
    .from(databaseFunctions);
  const applied = new Map(appliedRows.map((row) => [row.name, row.sha256]));
  const changed = files.filter((file) => applied.get(file.name) !== file.sha256);
  for (const file of changed) {
    for (const statement of file.statements) await db.execute(sql.raw(statement));
    await db
      .insert(databaseFunctions)
      .values({ name: file.name, sha256: file.sha256 })
      .onConflictDoUpdate({
        target: databaseFunctions.name,
        set: { sha256: file.sha256, appliedAt: sql`clock_timestamp()` },
      });
  }
  return changed.map((file) => file.name);
}
