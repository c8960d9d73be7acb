import { PGlite } from "@electric-sql/pglite";
import { expect } from "vitest";
import { PGLITE_SETTINGS } from "@/lib/db/pglite-settings";
import { WRAPAROUND_REFUSAL_AGE } from "@/lib/db/wraparound";

/** `run` on an embedded store's files (`DATA_DIR/pglite`) with an instance of its own, none other open on them. */
export async function onStoreFiles(pgliteDir: string, run: (raw: PGlite) => Promise<void>): Promise<void> {
  const raw = await PGlite.create({ dataDir: pgliteDir, postgresqlconf: PGLITE_SETTINGS });
  try {
    await run(raw);
  } finally {
    await raw.close();
  }
}

/**
 * On an embedded store's files: template1 recorded as old as two billion transactions would make it (initdb froze
 * its rows; only its recorded age counts), and the limits PostgreSQL derives from the oldest database set by a
 * database-wide VACUUM, as they would be after those transactions. Checks that the store then refuses a write, as
 * PostgreSQL does.
 */
export async function ageTemplate1PastTheRefusal(pgliteDir: string): Promise<void> {
  await onStoreFiles(pgliteDir, async (raw) => {
    const [{ next }] = (await raw.query<{ next: string }>("select txid_current()::text as next")).rows;
    const past = (Number(next) - (WRAPAROUND_REFUSAL_AGE + 500_000) + 2 ** 32) % 2 ** 32;
    await raw.exec(`update pg_database set datfrozenxid = '${past}'::xid where datname = 'template1'`);
    await raw.exec("vacuum");
    await expect(raw.exec("create table refused_probe (id int)")).rejects.toThrow(
      /not accepting commands that assign new transaction IDs to avoid wraparound data loss in database "template1"/,
    );
  });
}
