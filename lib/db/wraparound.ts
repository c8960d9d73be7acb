import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";

/**
 * Transaction-id wraparound. PostgreSQL numbers transactions with 32 bits, and refuses every write once the oldest
 * unfrozen transaction id of any of its databases is 2^31 minus three million transactions old (the embedded
 * database too: tried, it answers "database is not accepting commands that assign new transaction IDs to avoid
 * wraparound data loss in database …"). What keeps it from coming is freezing: VACUUM marks old rows as visible to
 * everyone and moves the table's and the database's oldest id forward. On PostgreSQL autovacuum does it; on the
 * embedded store the maintenance freezes the tables of the store's own database (embedded-maintenance.ts), and
 * this file the databases it never opens.
 */

/** The age at which PostgreSQL refuses writes: 2^31 - 1 less its three-million-transaction margin. */
export const WRAPAROUND_REFUSAL_AGE = 2 ** 31 - 1 - 3_000_000;

/**
 * The embedded store's other databases (template0 and template1, which initdb makes and nothing here uses) are
 * frozen at start once this old, in transactions or in multixacts. One instance of the embedded database opens one database for its life, so they
 * can only be vacuumed by a short-lived instance of their own, opened on the same files before the store's (about
 * 0.3 s each, measured). Nothing writes to them, so their rows were frozen once by initdb; only their recorded age
 * grows, and it counts against the refusal all the same. 50 million: a start leaves a process at least 2.09
 * billion transactions before the refusal, about 160 days of full load at the store's measured 150 ids a second.
 */
export const OTHER_DATABASE_FREEZE_AGE = 50_000_000;

/**
 * Past this age a database not frozen is logged as a warning by the embedded maintenance: halfway to the refusal, a
 * process that has not been restarted since its templates were frozen should be (its start freezes them).
 */
export const WRAPAROUND_WARNING_AGE = 1_000_000_000;

export interface DatabaseAge {
  database: string;
  /** Transactions since the database's oldest unfrozen transaction id (`age(datfrozenxid)`). */
  age: number;
}

/** Every database's age, oldest first (pg_database is readable by every role, on PostgreSQL too). */
export async function databaseAges(db: { execute(query: SQL): Promise<unknown> }): Promise<DatabaseAge[]> {
  const result = (await db.execute(
    sql`select datname as database, age(datfrozenxid) as age from pg_database order by age(datfrozenxid) desc, datname`,
  )) as { rows: DatabaseAge[] };
  return result.rows;
}

/** What freezing one of the store's other databases came to: its age after, or why it could not be done. */
export type OtherDatabaseFreeze = { database: string; ageBefore: number; ms: number } & (
  | { age: number }
  | { error: unknown }
);

/**
 * At the embedded store's start, on its open instance `client`: the store's other databases as old as `freezeAge`
 * in transactions or in multixacts (row locks shared by several transactions, which wrap around alike). None on
 * most starts (one cheap read).
 */
export async function otherDatabasesDueForFreeze(
  client: PGlite,
  freezeAge = OTHER_DATABASE_FREEZE_AGE,
): Promise<DatabaseAge[]> {
  const result = await client.query<DatabaseAge>(
    `select datname as database, age(datfrozenxid) as age from pg_database
      where datname <> current_database() and (age(datfrozenxid) >= $1 or mxid_age(datminmxid) >= $1)
      order by datname`,
    [freezeAge],
  );
  return result.rows;
}

/**
 * Freezes each of `databases` with an instance of its own on the store's files (`options`, the store's instance
 * closed meanwhile: two instances never share the files): VACUUM (FREEZE) of every table, then the database's age
 * read back. One that fails is told and the others are still done; the store opens either way, as it did before.
 */
export async function freezeOtherDatabases(
  options: PGliteOptions,
  databases: DatabaseAge[],
): Promise<OtherDatabaseFreeze[]> {
  const outcomes: OtherDatabaseFreeze[] = [];
  for (const { database, age: ageBefore } of databases) {
    const started = performance.now();
    try {
      const instance = await PGlite.create({ ...options, database });
      try {
        await instance.exec("vacuum (freeze)");
        const [{ age }] = (
          await instance.query<{ age: number }>(
            "select age(datfrozenxid) as age from pg_database where datname = current_database()",
          )
        ).rows;
        outcomes.push({ database, ageBefore, age, ms: performance.now() - started });
      } finally {
        await instance.close();
      }
    } catch (error) {
      outcomes.push({ database, ageBefore, error, ms: performance.now() - started });
    }
  }
  return outcomes;
}
