import { sql } from "drizzle-orm";
import { boolean, customType, integer, json, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "./client";
import { arrayLiteral, jsonRecordset } from "./json-insert";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

const samples = pgTable("json_insert_samples", {
  id: integer("id").primaryKey(),
  label: text("label"),
  sealed: bytea("sealed_bytes"),
  flag: boolean("flag").notNull().default(true),
  body: json("body"),
  at: timestamp("at", { withTimezone: true, precision: 3 }),
});

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
  await database.db.execute(sql`create table json_insert_samples (
    id integer primary key, label text, sealed_bytes bytea, flag boolean not null default true, body json,
    at timestamptz(3))`);
});

afterAll(async () => {
  await database.close();
});

describe("jsonRecordset", () => {
  it("writes every type as the column's own, under its column name, with defaults for columns left out", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const rows = [
      {
        id: 1,
        label: `quote ' double " backslash \\ newline \n unicode é`,
        sealed: Buffer.from([0, 1, 254, 255]),
        body: { nested: { list: [1, "two", null] }, order: "kept" },
        at,
      },
      { id: 2, label: null, sealed: null, body: null, at: null },
    ];
    const records = jsonRecordset(samples, rows);
    await database.db.execute(
      sql`insert into ${samples} (${records.columns}) select ${records.columns} from ${records.relation}`,
    );
    const stored = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, label, sealed_bytes, flag, body::text as body, at is null as no_time,
        at = ${at.toISOString()}::timestamptz as same_time from json_insert_samples order by id`,
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ id: 1, label: rows[0].label, flag: true, same_time: true });
    expect(Buffer.from(stored[0].sealed_bytes as Uint8Array)).toEqual(rows[0].sealed);
    expect(JSON.parse(stored[0].body as string)).toEqual(rows[0].body);
    expect(stored[1]).toMatchObject({
      id: 2,
      label: null,
      sealed_bytes: null,
      flag: true,
      body: null,
      no_time: true,
    });
  });

  it("refuses a key that is no column of the table", () => {
    expect(() => jsonRecordset(samples, [{ id: 1, colour: "red" }])).toThrow("No column for colour");
  });
});

describe("arrayLiteral", () => {
  it("round-trips text with quotes, backslashes and commas, and numbers", async () => {
    const values = [`a"b`, "c\\d", "e,f", "{g}", ""];
    const [row] = await queryRows<{ texts: string[]; numbers: string[] }>(
      database.db,
      sql`select ${arrayLiteral(values)}::text[] as texts,
        ${arrayLiteral([-9_223_372_036_854_775_808n, 42])}::bigint[]::text[] as numbers`,
    );
    expect(row.texts).toEqual(values);
    expect(row.numbers).toEqual(["-9223372036854775808", "42"]);
  });
});
