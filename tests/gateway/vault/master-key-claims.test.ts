import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { loadKeyring, MasterKeyMismatchError } from "@/lib/gateway/vault/keyring";
import { switchActiveDataKey } from "@/lib/gateway/vault/rotate-keys";
import { masterKeyStatus, rotateMasterKey } from "@/lib/gateway/vault/rotate-master-key";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";

const OLD = randomBytes(32);
const NEW = randomBytes(32);
/**
 * Ten batches' worth of vault keys (a batch claims 20), so that several claimants each take part: with three
 * batches, one claimant on a loaded machine once re-wrapped them all before the others' first claim arrived.
 */
const DATA_KEYS = 199;

let database: TestDatabase;
let handles: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const first = await database.open();
  handles = [first];
  await migrateDatabase(first);
  await loadKeyring(first.db, OLD);
  for (let i = 1; i < DATA_KEYS; i++) await first.db.transaction((tx) => switchActiveDataKey(tx, OLD));
  // On PostgreSQL, three pools: as three instances would be.
  if (usePostgres) handles.push(await database.open(), await database.open());
  // Connections made beforehand, so that the claimants start together.
  for (const handle of handles) await masterKeyStatus(handle.db, { current: NEW, previous: OLD });
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await database.drop();
});

it(`claimants at once re-wrap every vault key exactly once between them (${usePostgres ? "PostgreSQL, three pools" : "embedded database"})`, async () => {
  const keys = { current: NEW, previous: OLD };
  const [db] = handles.map((handle) => handle.db);
  expect(await masterKeyStatus(db, keys)).toEqual({
    total: DATA_KEYS + 1,
    underCurrent: 0,
    underPrevious: DATA_KEYS + 1,
    unknown: 0,
  });
  // During the rotation either key opens the vault.
  await expect(loadKeyring(db, NEW, OLD)).resolves.toBeDefined();

  const runs = await Promise.all([0, 1, 2].map((i) => rotateMasterKey(handles[i % handles.length].db, keys)));
  expect(runs.reduce((sum, run) => sum + run.rewrapped, 0)).toBe(DATA_KEYS + 1);
  // Each claimant returned only once nothing was left, its own share or another's.
  for (const run of runs) expect(run.status.underCurrent).toBe(DATA_KEYS + 1);
  if (usePostgres) expect(runs.filter((run) => run.rewrapped > 0).length).toBeGreaterThan(1);

  await expect(loadKeyring(db, NEW)).resolves.toBeDefined();
  await expect(loadKeyring(db, OLD)).rejects.toBeInstanceOf(MasterKeyMismatchError);
  expect((await rotateMasterKey(db, keys)).rewrapped).toBe(0);
});
