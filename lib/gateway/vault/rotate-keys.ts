import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cards, vaultKeys } from "@/lib/db/schema";
import { resealCardNumber } from "./card-vault";
import { generateKey, masterKeyCheck, unwrapDataKey, wrapDataKey } from "./envelope";
import { loadKeyring } from "./keyring";

const BATCH_SIZE = 500;

/**
 * Advisory lock between key switches (exclusive) and card writes (shared, taken by the transaction writer, see
 * lib/db/functions/tessera_lock_for_batch_write.sql): a switch waits for the writes in flight, and a write that
 * starts meanwhile waits for the switch and then sees the old key retired. So no card is committed under a key after the rotation's scan began.
 */
export const DATA_KEY_ROTATION_LOCK_ID = 7_311_942_003;

/** The first step of a rotation, in the caller's transaction: a new data key becomes the only active one. */
export async function switchActiveDataKey(
  tx: Pick<Database, "execute" | "update" | "insert">,
  masterKey: Buffer,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DATA_KEY_ROTATION_LOCK_ID})`);
  const keyId = `data_${randomBytes(6).toString("hex")}`;
  await tx
    .update(vaultKeys)
    .set({ active: false })
    .where(and(eq(vaultKeys.purpose, "data"), eq(vaultKeys.active, true)));
  await tx.insert(vaultKeys).values({
    id: keyId,
    purpose: "data",
    active: true,
    wrappedKey: wrapDataKey(masterKey, generateKey(), keyId),
    masterKeyCheck: masterKeyCheck(masterKey),
  });
  return keyId;
}

/**
 * Creates a new data key, makes it the active one, and re-encrypts every stored card under it in batches; the
 * old data keys are then retired. Safe to re-run after an interruption: it continues with what is left.
 */
export async function rotateDataKey(
  db: Database,
  masterKey: Buffer,
  previousMasterKey: Buffer | null = null,
): Promise<{ keyId: string; reencrypted: number }> {
  const keyId = await db.transaction((tx) => switchActiveDataKey(tx, masterKey));
  const keyring = await loadKeyring(db, masterKey, previousMasterKey);
  let reencrypted = 0;
  let after = "";
  for (;;) {
    const batch = await db
      .select({ token: cards.token, keyId: cards.keyId, numberSealed: cards.numberSealed })
      .from(cards)
      .where(and(ne(cards.keyId, keyId), gt(cards.token, after)))
      .orderBy(asc(cards.token))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    for (const record of batch) {
      const sealed = await resealCardNumber(keyring, record);
      // Only replace what was read: a concurrent rotation may already have moved this record on.
      await db
        .update(cards)
        .set(sealed)
        .where(and(eq(cards.token, record.token), eq(cards.keyId, record.keyId)));
      reencrypted += 1;
    }
    after = batch[batch.length - 1].token;
  }
  await db
    .update(vaultKeys)
    .set({ retiredAt: sql`clock_timestamp()` })
    .where(and(eq(vaultKeys.purpose, "data"), ne(vaultKeys.id, keyId), sql`${vaultKeys.retiredAt} is null`));
  return { keyId, reencrypted };
}

/** Re-wraps every vault key under a new master key (the card ciphertexts do not change). */
export async function rewrapVaultKeys(
  db: Database,
  oldMasterKey: Buffer,
  newMasterKey: Buffer,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(vaultKeys);
    for (const row of rows) {
      const key = unwrapDataKey(oldMasterKey, row.wrappedKey, row.id);
      await tx
        .update(vaultKeys)
        .set({
          wrappedKey: wrapDataKey(newMasterKey, key, row.id),
          masterKeyCheck: masterKeyCheck(newMasterKey),
        })
        .where(eq(vaultKeys.id, row.id));
    }
    return rows.length;
  });
}
