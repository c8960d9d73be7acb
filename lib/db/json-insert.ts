import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A column value as JSON the database parses back into the column's type. */
function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`; // bytea's hex input form
  if (value !== null && typeof value === "object" && "getSQL" in value) {
    throw new Error("A SQL expression cannot be written through a JSON recordset");
  }
  return value;
}

export interface JsonRecordset {
  /** The columns the rows carry, quoted and comma-separated: an insert's column list and the select feeding it. */
  columns: SQL;
  /** `json_populate_recordset(null::table, $1::json)`: the rows as a relation of the table's row type. */
  relation: SQL;
}

/**
 * Many rows sent as one JSON parameter, parsed by the database into the table's row type. Drizzle's multi-row
 * VALUES builds a parameter per value and walks its SQL tree for each, which under load took a third of a
 * tokenization's CPU on PostgreSQL; one parameter per table does not. Rows are given with the schema's property
 * names and must all carry the same keys; a column none of them carries is left out of `columns` (an insert gives
 * it its default).
 */
export function jsonRecordset(table: PgTable, rows: readonly Record<string, unknown>[]): JsonRecordset {
  const { names, text } = jsonRows(table, rows);
  return {
    columns: sql.raw(names.map((name) => `"${name}"`).join(", ")),
    relation: sql`json_populate_recordset(null::${table}, ${text}::json)`,
  };
}

/**
 * The rows as a JSON array of objects keyed by column name (what `json_populate_recordset` reads), and those
 * column names.
 */
export function jsonRows(
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): { names: string[]; text: string } {
  const tableColumns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((key) => rows[0][key] !== undefined);
  const names = keys.map((key) => {
    const column = tableColumns[key];
    if (!column) throw new Error(`No column for ${key}`);
    return column.name;
  });
  // The JSON text is written directly rather than through an object per row renamed to column names: objects
  // built key by key fall back to slow dictionary mode, in building and in JSON.stringify alike.
  const prefixes = names.map((name, index) => `${index === 0 ? "" : ","}${JSON.stringify(name)}:`);
  let text = "[";
  for (let row = 0; row < rows.length; row++) {
    text += row === 0 ? "{" : ",{";
    for (let index = 0; index < keys.length; index++) {
      text += prefixes[index] + (JSON.stringify(jsonValue(rows[row][keys[index]])) ?? "null");
    }
    text += "}";
  }
  text += "]";
  return { names, text };
}

/** One row as a JSON object keyed by column name (what `json_populate_record` reads). */
export function jsonRow(table: PgTable, row: Record<string, unknown>): string {
  return jsonRows(table, [row]).text.slice(1, -1);
}

/**
 * A PostgreSQL array literal (`{"a","b"}`), passed as one text parameter and cast by the query: Drizzle would
 * expand a JavaScript array into a parameter list.
 */
export function arrayLiteral(values: readonly (string | bigint | number)[]): string {
  const elements = values.map((value) =>
    typeof value === "string" ? `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"` : String(value),
  );
  return `{${elements.join(",")}}`;
}

/**
 * A row the database gave back as JSON (`row_to_json`), keyed by column name, with the schema's property names and
 * types: timestamps as `Date`s (JSON has them as text); everything else as JSON has it.
 */
export function rowFromJson<Table extends PgTable>(
  table: Table,
  json: Record<string, unknown>,
): Table["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = column.dataType === "date" && typeof value === "string" ? new Date(value) : (value ?? null);
  }
  return row as Table["$inferSelect"];
}
