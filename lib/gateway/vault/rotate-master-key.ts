import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { vaultKeys } from "@/lib/db/schema";
import type { Logger } from "@/lib/server/log";
import { OperatorError } from "@/lib/server/operator-error";
import { masterKeyCheck, wrapDataKey } from "./envelope";
import { unwrapWithAny } from "./keyring";

/**
 * Online master-key rotation. Each vault key (the data keys and the index key; card ciphertexts never change) is
 * re-wrapped from the previous master key to the current one, in small transactions that claim their rows with
 * `FOR UPDATE SKIP LOCKED`: instances restarted one at a time with `MASTER_KEY=<new>` and `MASTER_KEY_PREVIOUS=<old>`
 * share the work, and `npm run keys -- rotate-master` can join in. A running instance opens a key under either master
 * key, so cards keep opening while the rotation runs.
 */

const BATCH_SIZE = 20;
/** How long to wait for rows another instance has claimed before looking again. */
const CLAIMED_ELSEWHERE_WAIT_MS = 500;
/** After a failed pass (the database away, say), the background rotation tries again this much later. */
const RETRY_MS = 30_000;

export interface MasterKeys {
  current: Buffer;
  /** The key being rotated away from; null when no rotation is configured. */
  previous: Buffer | null;
}

export interface MasterKeyStatus {
  /** Vault keys in the database. */
  total: number;
  /** Of them, wrapped under the current master key. */
  underCurrent: number;
  /** Wrapped under the previous master key: still to re-wrap. */
  underPrevious: number;
  /** Opened by neither key given (should be 0: the server would not have started). */
  unknown: number;
}

function classify(keys: MasterKeys, row: { id: string; wrappedKey: Buffer; masterKeyCheck: string | null }) {
  const currentCheck = masterKeyCheck(keys.current);
  if (row.masterKeyCheck === currentCheck) return "current" as const;
  if (keys.previous && row.masterKeyCheck === masterKeyCheck(keys.previous)) return "previous" as const;
  // Wrapped before check values were recorded: the key that opens it says.
  if (unwrapWithAny([keys.current], row.wrappedKey, row.id)) return "current" as const;
  if (keys.previous && unwrapWithAny([keys.previous], row.wrappedKey, row.id)) return "previous" as const;
  return "unknown" as const;
}

/** How far a rotation to `keys.current` is. */
export async function masterKeyStatus(db: Database, keys: MasterKeys): Promise<MasterKeyStatus> {
  const rows = await db
    .select({ id: vaultKeys.id, wrappedKey: vaultKeys.wrappedKey, masterKeyCheck: vaultKeys.masterKeyCheck })
    .from(vaultKeys);
  const status: MasterKeyStatus = { total: rows.length, underCurrent: 0, underPrevious: 0, unknown: 0 };
  for (const row of rows) {
    const kind = classify(keys, row);
    if (kind === "current") status.underCurrent += 1;
    else if (kind === "previous") status.underPrevious += 1;
    else status.unknown += 1;
  }
  return status;
}

/**
 * Claims up to a batch of vault keys not yet marked as wrapped under the current master key and re-wraps those under
 * the previous one; returns how many it claimed (0: none left unclaimed) and how many it re-wrapped.
 */
async function rewrapBatch(db: Database, keys: MasterKeys): Promise<{ claimed: number; rewrapped: number }> {
  const currentCheck = masterKeyCheck(keys.current);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: vaultKeys.id,
        wrappedKey: vaultKeys.wrappedKey,
        masterKeyCheck: vaultKeys.masterKeyCheck,
      })
      .from(vaultKeys)
      .where(sql`${vaultKeys.masterKeyCheck} is distinct from ${currentCheck}`)
      .orderBy(asc(vaultKeys.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    let rewrapped = 0;
    for (const row of rows) {
      const kind = classify(keys, row);
      if (kind === "unknown") {
        throw new OperatorError(
          `Vault key ${row.id} opens with neither MASTER_KEY nor MASTER_KEY_PREVIOUS: set MASTER_KEY_PREVIOUS to the master key it was wrapped under.`,
        );
      }
      const set =
        kind === "current"
          ? { masterKeyCheck: currentCheck }
          : {
              wrappedKey: wrapDataKey(
                keys.current,
                unwrapWithAny([keys.previous as Buffer], row.wrappedKey, row.id) as Buffer,
                row.id,
              ),
              masterKeyCheck: currentCheck,
            };
      await tx.update(vaultKeys).set(set).where(eq(vaultKeys.id, row.id));
      if (kind === "previous") rewrapped += 1;
    }
    return { claimed: rows.length, rewrapped };
  });
}

/**
 * Re-wraps every vault key still under the previous master key, sharing the work with whoever else does the same;
 * returns once none is left (waiting for rows another process has claimed), with how many this call re-wrapped.
 */
export async function rotateMasterKey(
  db: Database,
  keys: MasterKeys,
  options: { stopped?: () => boolean } = {},
): Promise<{ rewrapped: number; status: MasterKeyStatus }> {
  let rewrapped = 0;
  for (;;) {
    if (options.stopped?.()) break;
    const batch = await rewrapBatch(db, keys);
    rewrapped += batch.rewrapped;
    if (batch.claimed > 0) continue;
    const status = await masterKeyStatus(db, keys);
    if (status.underPrevious === 0 && status.unknown === 0) return { rewrapped, status };
    // Rows claimed by another instance: wait for its commit, then look again.
    await new Promise((resolve) => setTimeout(resolve, CLAIMED_ELSEWHERE_WAIT_MS));
  }
  return { rewrapped, status: await masterKeyStatus(db, keys) };
}

/**
 * The server's part, started when MASTER_KEY_PREVIOUS is set: the rotation runs in the background (retried after a
 * failure) and logs when it is done. `stop()` ends it at the next batch.
 */
export function startMasterKeyRotation(options: { db: Database; keys: MasterKeys; logger: Logger }): {
  stop(): Promise<void>;
} {
  const { db, keys, logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const run = async () => {
    while (!stopped) {
      try {
        const { rewrapped, status } = await rotateMasterKey(db, keys, { stopped: () => stopped });
        if (stopped) return;
        logger.info(
          { rewrapped, vaultKeys: status.total },
          "master key rotation done: every vault key is wrapped under MASTER_KEY; remove MASTER_KEY_PREVIOUS at the next restart",
        );
        return;
      } catch (error) {
        logger.error({ err: error }, "master key rotation failed; trying again in 30 s");
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, RETRY_MS);
        });
      }
    }
  };
  const running = run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}
