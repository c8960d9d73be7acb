import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { OperatorError } from "@/lib/server/operator-error";
import { DATA_DIR_MODE, DATA_FILE_MODE, restrictToOwner } from "./data-dir-modes";
import { PGLITE_SETTINGS } from "./pglite-settings";
import { pgliteMemoryImage, seedFromTemplate } from "./pglite-template";
import * as schema from "./schema";
import { freezeOtherDatabases, type OtherDatabaseFreeze, otherDatabasesDueForFreeze } from "./wraparound";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when null the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Connections in the node-postgres pool. */
  poolSize?: number;
  /** Told about idle pooled connections that failed (logged by the caller). */
  onIdleConnectionError?: (error: Error) => void;
  /** Told which of the embedded store's other databases its start froze (logged by the caller; wraparound.ts). */
  onOtherDatabasesFrozen?: (outcomes: OtherDatabaseFreeze[]) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection dropped by the server (restart, failover) is replaced on next use; without a listener the
    // pool's 'error' event would crash the process.
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    // A connection lost while checked out (a transaction between two statements when the database restarts or
    // fails over) emits 'error' on its client, which the pool only listens to while the client is idle: unheard,
    // it would end the process. The statement in flight fails with the same error, and the pool drops the client
    // when it is released, so there is nothing more to do here.
    pool.on("connect", (client) => client.on("error", () => {}));
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database,
      kind: "postgres",
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir === "memory://" ? undefined : path.join(options.dataDir, "pglite");
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  if (dataDir) {
    seedFromTemplate(dataDir);
    // The template's copy, a restore's files and what PGlite wrote since the last start: all made the owner's only.
    restrictToOwner(dataDir);
  }
  const image = dataDir ? undefined : pgliteMemoryImage();
  const pgliteOptions = {
    ...(dataDir ? { dataDir } : image ? { loadDataDir: image } : {}),
    postgresqlconf: PGLITE_SETTINGS,
  };
  let client = await PGlite.create(pgliteOptions);
  // The databases this instance never opens age all the same, and the oldest one's age is what makes PostgreSQL
  // refuse writes (wraparound.ts): frozen by instances of their own while the store's is closed. (A store in memory
  // lives as long as its process and starts new.)
  const otherDatabasesDue = dataDir ? await otherDatabasesDueForFreeze(client) : [];
  if (otherDatabasesDue.length > 0) {
    await client.close();
    options.onOtherDatabasesFrozen?.(await freezeOtherDatabases(pgliteOptions, otherDatabasesDue));
    client = await PGlite.create(pgliteOptions);
  }
  // PGlite keeps PostgreSQL's 0600 for the tables' files, but writes the files it writes whole (the relation cache
  // at start, the statistics at close) 0644: they are made the owner's at once, and the directory's 0700 closes
  // those of the running database to others until its next start or close.
  if (dataDir) restrictToOwner(dataDir);
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: "pglite",
    close: async () => {
      await client.close();
      if (dataDir) restrictToOwner(dataDir);
      releaseLock();
    },
  };
}

/** DATABASE_URL as messages may show it: scheme, user, host, port and database, never the password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** How long a start waits for PostgreSQL's first answer: a host that drops packets would otherwise take minutes. */
const FIRST_ANSWER_TIMEOUT_MS = 15_000;

/**
 * The first query of a start, on PostgreSQL: a database that is down, unknown, or refuses the credentials stops the
 * process with one line naming it (without its password), rather than a driver's stack trace at the first
 * migration. The pool reconnects by itself later on; this is only about starting.
 */
export async function checkDatabaseAnswers(
  handle: DatabaseHandle,
  databaseUrl: string | null,
  timeoutMs = FIRST_ANSWER_TIMEOUT_MS,
): Promise<void> {
  if (handle.kind !== "postgres" || !databaseUrl) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([handle.db.execute(sql`select 1`), timeout]);
  } catch (error) {
    // Drizzle wraps the driver's error ("Failed query: …"); what went wrong is the driver's.
    let cause = error as Error;
    while (cause.cause instanceof Error) cause = cause.cause;
    const reason = (cause.message || String(cause)).split("\n")[0];
    throw new OperatorError(
      `The database at ${describeDatabaseUrl(databaseUrl)} could not be reached (${reason}): start it, or correct DATABASE_URL.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Rows of a raw SQL statement; both drivers return `{ rows }`, which the shared database type does not expose. */
export async function queryRows<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a statement run many times a second: on PostgreSQL as a named prepared statement, which each
 * pooled connection parses once, and whose plan the server may keep, instead of parsing and planning the text on
 * every call (for the batch write, a millisecond of the server's time per batch, on the path of every request).
 * The name is `name` and a digest of the text, so each variant of a statement built from parts gets its own. The
 * embedded database runs the statement as `queryRows` does. (Behind a pooler in transaction mode, named statements
 * need PgBouncer 1.21 or later with `max_prepared_statements` set.)
 */
export async function queryRowsPrepared<Row>(db: Database, query: SQL, name: string): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const result = await client.query<Row & pg.QueryResultRow>({
    name: `${name}_${digest}`,
    text,
    values: params,
  });
  return result.rows;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is single-process: two processes opening one data directory corrupt it. A pid file makes the second
 * one (a second server, or `npm run shop` while the server runs) stop with a clear message instead.
 */
export function lockDataDir(dataDir: string): () => void {
  // DATA_DIR too, when this creates it: it holds the database and its backup socket.
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const lockFile = path.join(dataDir, "..", "pglite.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx", mode: DATA_FILE_MODE });
      const release = () => fs.rmSync(lockFile, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new OperatorError(
          `The embedded database in ${path.dirname(dataDir)} is in use by process ${owner} (a running server or command): stop that process first, or use PostgreSQL (DATABASE_URL), which several processes can share.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${path.dirname(dataDir)}`);
}
