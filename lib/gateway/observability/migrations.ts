import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "@/lib/project-root";

let expected: number | undefined;

/** How many migrations this code ships (its journal's entries): the database is ready once that many are applied. */
export function expectedMigrationCount(): number {
  if (expected === undefined) {
    const journal = path.join(projectRoot(), "lib", "db", "migrations", "meta", "_journal.json");
    expected = (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
  }
  return expected;
}
