import { setTimeout as delay } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "./client";

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (PGlite runs PostgreSQL in one process,
 * without its background workers). Without it no table is ever analyzed: `pg_class.reltuples` stays -1, and a plan
 * cached while the tables were nearly empty (a PL/pgSQL function's, kept for the connection's life, which on the
 * embedded database is the process's life) is never made again. Such a plan read every transaction to end one:
 * payments fell from 154 to 46 a second and refunds from 60 to 5 in seven minutes of load (docs/decisions.md).
 *
 * A table is analyzed once enough of it changed, and vacuumed once enough of its rows died (updated or deleted),
 * by autovacuum's own default thresholds (the dead rows capped: VACUUM_MOST_DEAD_ROWS). ANALYZE updates the table's
 * `pg_class` row, which invalidates every cached plan that reads the table: the next call plans again, with the
 * table's real size and statistics. Each table is one statement of its own, so requests run between two of them:
 * the store is held for one table's ANALYZE (a sample of at most 3,000 rows: pglite-settings.ts) or VACUUM (the
 * pages changed since the last one), not for the round.
 *
 * And what autovacuum does against transaction-id wraparound: a table (the system catalogs' included) whose oldest
 * unfrozen row is FREEZE_MAX_AGE transactions old is frozen. Without it the catalogs and insert-only tables kept
 * their first transaction ids for the store's life, and the embedded database, as PostgreSQL does, refuses every
 * write once its oldest is 2^31 minus three million transactions old (tried: "database is not accepting commands
 * that assign new transaction IDs to avoid wraparound data loss"). The store's other databases (template0,
 * template1) are frozen at start: wraparound.ts.
 */

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor (PostgreSQL's defaults). */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor (PostgreSQL's defaults). */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;
/**
 * But never more dead rows than this before a VACUUM: its work grows with the pages changed since the last one, and
 * here it holds the store's one connection while every request waits. With the scale factor alone a table of a
 * million rows would be vacuumed once 200,000 died, a stall of seconds. Under a steady load of payments
 * `transactions` gains a dead row (its `incomplete` version, a HOT update) for each payment: at 10,000 a VACUUM held
 * the store 130-250 ms, and every request in flight waited for it. At 2,000 a table is vacuumed at every round
 * (background-work.ts) where more than that die between two rounds, and less often where fewer do.
 */
const VACUUM_MOST_DEAD_ROWS = 2_000;

/**
 * autovacuum_freeze_max_age (PostgreSQL's default): a table is frozen once its oldest unfrozen transaction id is this
 * many transactions old, a tenth of the way to the refusal. The embedded store spends about one transaction id for
 * seven requests under load (its writes are batched: 7,922 for 54,589 transactions written in a soak) and none when
 * idle, so this comes after hundreds of millions of requests; it is a VACUUM (FREEZE) of the table, which skips the
 * pages already frozen.
 */
export const FREEZE_MAX_AGE = 200_000_000;

/**
 * autovacuum_multixact_freeze_max_age (PostgreSQL's default): the same for a table's oldest multixact id (the ids of
 * row locks held by more than one transaction or subtransaction, which wrap around and are refused alike). The
 * embedded store takes few: 32 for 1,600 charges in a renewals benchmark (a renewal's savepoint updates a row its
 * transaction has locked), none under payments and refunds.
 */
export const MULTIXACT_FREEZE_MAX_AGE = 400_000_000;

/**
 * A CHECKPOINT once this much write-ahead log was written since the last one, or once the last one is older than
 * CHECKPOINT_MOST_SECONDS and anything was written since (PostgreSQL's checkpointer does the same, by `max_wal_size`
 * and `checkpoint_timeout`; the embedded database has no checkpointer and checkpoints only when it closes). Without
 * it the log (`DATA_DIR/pglite/pg_wal`) grew with every write for the process's life — 3 GB for 3 GB of tables,
 * measured — and a start after a crash would replay all of it. A checkpoint writes the store's dirty pages (at most
 * its 16 MB of shared buffers: 14–26 ms measured) and lets the log's older segments be recycled.
 */
const CHECKPOINT_WAL_BYTES = 128 * 1024 * 1024;
const CHECKPOINT_MOST_SECONDS = 300;

export type MaintenanceOperation = "analyze" | "vacuum" | "freeze" | "checkpoint";

/**
 * One statement of a maintenance round: a table's ANALYZE, VACUUM or VACUUM (FREEZE), or the store's CHECKPOINT.
 */
export interface MaintenanceStatement {
  /** The table, quoted for SQL (`"public"."transactions"`); null for a checkpoint, which is the whole store's. */
  table: string | null;
  operation: MaintenanceOperation;
  ms: number;
}

/**
 * A table due, and for what: a VACUUM and an ANALYZE each by its own rule, two statements when both are due (a
 * table frozen is analyzed in a later round if due).
 */
export interface DueTable {
  table: string;
  operation: Exclude<MaintenanceOperation, "checkpoint">;
}

/** The thresholds a round applies; tests lower the freezing ages rather than spend 200 million transactions. */
export interface MaintenanceLimits {
  freezeMaxAge: number;
  multixactFreezeMaxAge: number;
}

const DEFAULT_LIMITS: MaintenanceLimits = {
  freezeMaxAge: FREEZE_MAX_AGE,
  multixactFreezeMaxAge: MULTIXACT_FREEZE_MAX_AGE,
};

/**
 * The tables due for maintenance, from the statistics the database keeps of each (rows changed since the last
 * ANALYZE, dead rows), against its size at the last ANALYZE or VACUUM (none yet: 0, so the thresholds alone), and
 * from the age of each table's oldest unfrozen transaction id and multixact id (its TOAST table's included), the catalogs' and
 * unlogged tables' too (not temporary ones: they end with their session).
 */
export async function tablesDueForMaintenance(
  db: Database,
  limits: MaintenanceLimits = DEFAULT_LIMITS,
): Promise<DueTable[]> {
  return queryRows<DueTable>(
    db,
    sql`with due as (
          select c.oid, n.nspname, c.relname,
                 (greatest(age(c.relfrozenxid), coalesce(age(t.relfrozenxid), 0)) > ${limits.freezeMaxAge}
                   or greatest(mxid_age(c.relminmxid), coalesce(mxid_age(t.relminmxid), 0))
                        > ${limits.multixactFreezeMaxAge}) as freeze_due,
                 coalesce(s.n_dead_tup > ${VACUUM_THRESHOLD}
                   + least(${VACUUM_SCALE_FACTOR} * greatest(c.reltuples, 0), ${VACUUM_MOST_DEAD_ROWS}), false)
                   as vacuum_due,
                 coalesce(s.n_mod_since_analyze > ${ANALYZE_THRESHOLD}
                   + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0), false) as analyze_due
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            left join pg_class t on t.oid = c.reltoastrelid
            left join pg_stat_user_tables s on s.relid = c.oid
           where c.relkind in ('r', 'm') and c.relpersistence <> 't')
        select quote_ident(due.nspname) || '.' || quote_ident(due.relname) as "table", step.operation
          from due
         cross join lateral (values (1, 'freeze', freeze_due),
                                    (2, 'vacuum', vacuum_due and not freeze_due),
                                    (3, 'analyze', analyze_due and not freeze_due)) as step(n, operation, wanted)
         where step.wanted
         order by due.oid, step.n`,
  );
}

/** The statement of each operation on a table (`table` quoted by quote_ident). */
const STATEMENTS: Record<DueTable["operation"], (table: string) => string> = {
  analyze: (table) => `analyze ${table}`,
  // Not VACUUM (ANALYZE): a large table is vacuumed for 2,000 dead rows long before a tenth of it changed, and two
  // statements hold the store for half as long each.
  vacuum: (table) => `vacuum ${table}`,
  // Without ANALYZE: a VACUUM needs no transaction id, so it runs even on a store that refuses writes.
  freeze: (table) => `vacuum (freeze) ${table}`,
};

/** Whether enough log was written since the last checkpoint, or anything since one that is old enough. */
export async function checkpointDue(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`select (c.written >= ${CHECKPOINT_WAL_BYTES}
                or (c.written > 0 and c.checkpoint_time < now() - make_interval(secs => ${CHECKPOINT_MOST_SECONDS})))
               as due
          from (select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn) as written, checkpoint_time
                  from pg_control_checkpoint()) c`,
  );
  return row.due;
}

/** A maintenance statement the database refused, told to the caller (logged) while the round goes on. */
export type MaintenanceFailure = (
  statement: Pick<MaintenanceStatement, "table" | "operation">,
  error: unknown,
) => void;

/**
 * One round: every table due is vacuumed, analyzed or frozen, one statement each, then a checkpoint if one is due.
 * After each statement the round waits as long as the statement held the store, so the requests that queued behind
 * it (a payment makes two statements, one after the other) are answered before the next one: during a round the
 * store is the requests' at least half the time, as PostgreSQL's cost-based vacuum delay spreads a VACUUM's work.
 * Resolves to what was done (nothing when nothing was due). A statement that fails is told to `onFailure` and the
 * round goes on, so that one table the database refuses never keeps the others (or the checkpoint) from being done.
 * The embedded database only: on PostgreSQL autovacuum and the checkpointer do this.
 */
export async function maintainEmbeddedDatabase(
  db: Database,
  onFailure: MaintenanceFailure,
  limits: MaintenanceLimits = DEFAULT_LIMITS,
): Promise<MaintenanceStatement[]> {
  const done: MaintenanceStatement[] = [];
  let held = 0;
  const run = async (statement: Pick<MaintenanceStatement, "table" | "operation">, query: SQL) => {
    if (held > 0) await delay(held);
    const started = performance.now();
    try {
      await db.execute(query);
      held = performance.now() - started;
      done.push({ ...statement, ms: held });
    } catch (error) {
      held = performance.now() - started;
      onFailure(statement, error);
    }
  };
  for (const due of await tablesDueForMaintenance(db, limits)) {
    // The name comes from the catalog, quoted by quote_ident: no input of anyone's reaches this statement.
    await run(due, sql.raw(STATEMENTS[due.operation](due.table)));
  }
  if (await checkpointDue(db)) await run({ table: null, operation: "checkpoint" }, sql`checkpoint`);
  return done;
}
