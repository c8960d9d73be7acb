import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, queryRows } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";

/**
 * A PostgreSQL connection lost while a transaction holds it (the database restarted, or failed over to its standby,
 * as `npm run drill -- db-failover` does): the transaction fails, the process goes on, and the next statements get
 * new connections. Before, the lost connection's 'error' event had no listener and ended the process.
 */
let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  handle = await database.open();
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

it.runIf(usePostgres)(
  "a transaction whose connection is cut between two statements fails alone",
  async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      let backendPid = 0;
      const transaction = handle.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        backendPid = row.pid;
        // Between two statements, as a transaction is while its process does other work.
        await sleep(500);
        await tx.execute(sql`select 1`);
      });
      const outcome = transaction.then(
        () => "committed",
        (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
      );
      while (backendPid === 0) await sleep(10);
      const admin = new pg.Client({ connectionString: database.url ?? "" });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [backendPid]);
      await admin.end();

      // The statement after the cut is refused: its connection is gone ("not queryable").
      expect(await outcome).toMatch(/connection/i);
      // The event loop turns a few times: an unheard 'error' would have been thrown by now.
      await sleep(100);
      expect(uncaught).toEqual([]);
      const [after] = await queryRows<{ one: number }>(handle.db, sql`select 1 as one`);
      expect(after.one).toBe(1);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  },
);
