import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import type { TransactionRow } from "@/lib/db/schema";
import { createTestDatabase, type JsonBody, type TestDatabase } from "../harness";
import { migrateUpTo } from "../migrations-up-to";

/**
 * A database as a release that shipped up to migration `last` left it, for a data migration's test: tables only, and
 * one shop (id 1) to own the transactions written into it as that release stored them (`insertAsBefore`).
 */
export async function grownDatabase(
  folder: string,
  last: number,
): Promise<{ database: TestDatabase; handle: DatabaseHandle }> {
  const database = await createTestDatabase();
  const handle = await database.open();
  await migrateUpTo(handle, folder, last);
  await handle.db.execute(sql`insert into shops (id, name, secret_key_hash, secret_key_sealed,
      webhook_secret_sealed, private_key_sealed, public_key, key_id, settings)
    values (1, 'Grown Shop', 'hash', '\\x00', '\\x00', '\\x00', 'public', 'key', '{}')`);
  return { database, handle };
}

/** The keys of a response that are columns, not the stored body. */
const COLUMN_KEYS = new Set(["uid", "id", "status", "created_at", "updated_at"]);

/** A transaction's body as the database stored it before its facts were: its whole response but the columns. */
export function wholeBody(answer: JsonBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer).filter(([key]) => !COLUMN_KEYS.has(key)));
}

/** A row as the earlier code left it, with the given body (no card row here: the card is not what is read). */
export async function insertAsBefore(
  handle: DatabaseHandle,
  row: TransactionRow,
  body: unknown,
): Promise<void> {
  await handle.db.execute(sql`insert into transactions (uid, shop_id, status, type, parent_uid, amount, currency,
      tracking_id, tracking_ids, test, body, captured, voided, refunded, created_at, updated_at)
    values (${row.uid}, 1, ${row.status}, ${row.type}, ${row.parentUid}, ${row.amount}, ${row.currency},
      ${row.trackingId}, ${`{${row.trackingIds.map((id) => JSON.stringify(id)).join(",")}}`}::text[], ${row.test},
      ${JSON.stringify(body)}::json, ${row.captured}, ${row.voided}, ${row.refunded},
      ${row.createdAt.toISOString()}::timestamptz, ${row.updatedAt.toISOString()}::timestamptz)`);
}
