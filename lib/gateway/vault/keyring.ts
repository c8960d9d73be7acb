import { hkdfSync, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { vaultKeys } from "@/lib/db/schema";
import { OperatorError } from "@/lib/server/operator-error";
import { generateKey, masterKeyCheck, unwrapDataKey, VaultDecryptionError, wrapDataKey } from "./envelope";
import { createKeyedHashes, type KeyedHashes } from "./keyed-hashes";

export interface Keyring {
  /** The data key new records are sealed with. */
  active(): { id: string; key: Buffer };
  /** Any data key by id, active or retired (records are re-encrypted lazily after a rotation). */
  dataKey(id: string): Promise<Buffer>;
  hashes: KeyedHashes;
  /** Sealing key for shop secrets: the index key is stable across rotations, so derive from it. */
  shopSecretsKey: Buffer;
  /** Re-reads which data key is active (after `npm run keys -- rotate`, possibly run elsewhere). */
  refresh(): Promise<void>;
}

/** How often a running instance looks for a rotated data key. */
export const KEYRING_REFRESH_MS = 10_000;

// Held while the first instance creates the keys, so concurrent first starts agree on one index key.
const KEY_BOOTSTRAP_LOCK_ID = 7_311_942_002;

export class MasterKeyMismatchError extends OperatorError {
  constructor() {
    super(
      "MASTER_KEY does not open this database's card vault: set MASTER_KEY to the key the vault was created with (or DATA_DIR / DATABASE_URL to the database this key belongs to; during a master-key rotation, MASTER_KEY_PREVIOUS to the old key).",
    );
    this.name = "MasterKeyMismatchError";
  }
}

function newKeyId(purpose: "data" | "index"): string {
  return `${purpose}_${randomBytes(6).toString("hex")}`;
}

/** The vault key opened with the first of `masterKeys` that opens it (during a rotation: the new, then the old). */
export function unwrapWithAny(masterKeys: readonly Buffer[], wrapped: Buffer, id: string): Buffer | null {
  for (const masterKey of masterKeys) {
    try {
      return unwrapDataKey(masterKey, wrapped, id);
    } catch (error) {
      if (!(error instanceof VaultDecryptionError)) throw error;
    }
  }
  return null;
}

function unwrap(masterKeys: readonly Buffer[], wrapped: Buffer, id: string): Buffer {
  const key = unwrapWithAny(masterKeys, wrapped, id);
  if (!key) throw new MasterKeyMismatchError();
  return key;
}

/**
 * Loads the vault's keys, creating the index key and the first data key on an empty database. With
 * `previousMasterKey` (a master-key rotation under way) a vault key opens with either master key; new keys are
 * always wrapped under `masterKey`.
 */
export async function loadKeyring(
  db: Database,
  masterKey: Buffer,
  previousMasterKey: Buffer | null = null,
): Promise<Keyring> {
  const masterKeys = previousMasterKey ? [masterKey, previousMasterKey] : [masterKey];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_BOOTSTRAP_LOCK_ID})`);
    for (const purpose of ["index", "data"] as const) {
      const existing = await tx
        .select({ id: vaultKeys.id })
        .from(vaultKeys)
        .where(and(eq(vaultKeys.purpose, purpose), eq(vaultKeys.active, true)))
        .limit(1);
      if (existing.length > 0) continue;
      const id = newKeyId(purpose);
      await tx.insert(vaultKeys).values({
        id,
        purpose,
        active: true,
        wrappedKey: wrapDataKey(masterKey, generateKey(), id),
        masterKeyCheck: masterKeyCheck(masterKey),
      });
    }
  });

  const rows = await db.select().from(vaultKeys);
  const indexRow = rows.find((row) => row.purpose === "index" && row.active)!;
  const indexKey = unwrap(masterKeys, indexRow.wrappedKey, indexRow.id);
  const dataKeys = new Map<string, Buffer>();
  for (const row of rows) {
    if (row.purpose === "data") dataKeys.set(row.id, unwrap(masterKeys, row.wrappedKey, row.id));
  }
  let activeId = rows.find((row) => row.purpose === "data" && row.active)!.id;
  const hashes = createKeyedHashes(indexKey);

  const keyring: Keyring = {
    active: () => ({ id: activeId, key: dataKeys.get(activeId)! }),
    async refresh() {
      const [row] = await db
        .select({ id: vaultKeys.id })
        .from(vaultKeys)
        .where(and(eq(vaultKeys.purpose, "data"), eq(vaultKeys.active, true)));
      if (!row || row.id === activeId) return;
      await keyring.dataKey(row.id);
      activeId = row.id;
    },
    async dataKey(id) {
      const cached = dataKeys.get(id);
      if (cached) return cached;
      // Another instance rotated keys since this one started: pick up the new key and make it ours too.
      const [row] = await db.select().from(vaultKeys).where(eq(vaultKeys.id, id));
      if (!row) throw new Error(`Unknown vault key ${id}`);
      const key = unwrap(masterKeys, row.wrappedKey, row.id);
      dataKeys.set(id, key);
      return key;
    },
    hashes,
    shopSecretsKey: Buffer.from(hkdfSync("sha256", indexKey, Buffer.alloc(0), "tessera:shop-secrets", 32)),
  };
  return keyring;
}
