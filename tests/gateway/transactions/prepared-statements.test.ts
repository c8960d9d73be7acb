import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows, queryRowsPrepared } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so that the statements it has prepared can be read back on it.
  handle = database.url
    ? await openDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 1 })
    : await database.open();
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const doubled = (value: number) => sql`select ${value}::int * 2 as doubled`;
const tripled = (value: number) => sql`select ${value}::int * 3 as tripled`;

describe("queryRowsPrepared", () => {
  it("answers as queryRows does, whatever the parameters", async () => {
    expect(await queryRowsPrepared(handle.db, doubled(4), "tessera_test_doubled")).toEqual([{ doubled: 8 }]);
    expect(await queryRowsPrepared(handle.db, doubled(5), "tessera_test_doubled")).toEqual([{ doubled: 10 }]);
    expect(await queryRowsPrepared(handle.db, tripled(5), "tessera_test_doubled")).toEqual([{ tripled: 15 }]);
    expect(await queryRows(handle.db, doubled(6))).toEqual([{ doubled: 12 }]);
  });

  it.skipIf(!usePostgres)("prepares each text once per connection, under its own name", async () => {
    const prepared = await queryRows<{ name: string; statement: string }>(
      handle.db,
      sql`select name, statement from pg_prepared_statements where name like 'tessera_test_doubled_%' order by statement`,
    );
    expect(prepared.map((row) => row.statement)).toEqual([
      "select $1::int * 2 as doubled",
      "select $1::int * 3 as tripled",
    ]);
    expect(new Set(prepared.map((row) => row.name)).size).toBe(2);
  });
});
