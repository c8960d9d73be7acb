import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A column value as JSON the database parses back into the column's type. */
function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`; // bytea's hex input form
  if (value !== null && typeof value === "object" && "getSQL" in value) {
    throw new Error("A SQL expression cannot be written through insertJsonRows");
  }
  return value;
}

/**
 * `insert into t (columns) select columns from json_populate_recordset(null::t, $1)`: many rows sent as one JSON
 * parameter. Drizzle's multi-row VALUES builds a parameter per value and walks its SQL tree for each, which under
 * load took a third of a tokenization's CPU on PostgreSQL; one parameter per table, parsed by the database, does
 * not. Rows are given with the schema's property names and must all carry the same keys; a column none of them
 * carries takes its default.
 */
export function insertJsonRows(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((key) => rows[0][key] !== undefined);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`No column for ${key}`);
    return column.name;
  });
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) record[names[index]] = jsonValue(row[keys[index]]);
    return record;
  });
  const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
  return sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
}
