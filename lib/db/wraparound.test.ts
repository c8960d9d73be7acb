import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { PGLITE_SETTINGS } from "./pglite-settings";
import { databaseAges, type OtherDatabaseFreeze, WRAPAROUND_REFUSAL_AGE } from "./wraparound";

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-wraparound-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * On the store's files, with an instance of its own: template1 recorded as old as two billion transactions would
 * make it (initdb froze its rows; only its recorded age counts), and the limits PostgreSQL derives from it set by a
 * VACUUM, as they would be after those transactions.
 */
async function ageTemplate1PastTheRefusal(): Promise<void> {
  const raw = await PGlite.create({ dataDir: path.join(dataDir, "pglite"), postgresqlconf: PGLITE_SETTINGS });
  try {
    const [{ next }] = (await raw.query<{ next: string }>("select txid_current()::text as next")).rows;
    const past = (Number(next) - (WRAPAROUND_REFUSAL_AGE + 500_000) + 2 ** 32) % 2 ** 32;
    await raw.exec(`update pg_database set datfrozenxid = '${past}'::xid where datname = 'template1'`);
    await raw.exec("vacuum");
    await expect(raw.exec("create table refused_probe (id int)")).rejects.toThrow(
      /not accepting commands that assign new transaction IDs to avoid wraparound data loss in database "template1"/,
    );
  } finally {
    await raw.close();
  }
}

describe("the embedded store's other databases at its start", () => {
  it("are frozen once old enough, so that a store that refused writes for template1's age takes them again", async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    await first.close();
    await ageTemplate1PastTheRefusal();

    const outcomes: OtherDatabaseFreeze[] = [];
    const store = await openDatabase({
      databaseUrl: null,
      dataDir,
      onOtherDatabasesFrozen: (frozen) => outcomes.push(...frozen),
    });
    try {
      expect(outcomes).toEqual([
        {
          database: "template1",
          ageBefore: expect.any(Number),
          age: expect.any(Number),
          ms: expect.any(Number),
        },
      ]);
      const [frozen] = outcomes as ({ ageBefore: number; age: number } & OtherDatabaseFreeze)[];
      expect(frozen.ageBefore).toBeGreaterThan(WRAPAROUND_REFUSAL_AGE);
      expect(frozen.age).toBeLessThan(1_000);
      await store.db.execute(sql`create table accepted_probe (id int)`);
      const ages = await databaseAges(store.db);
      expect(ages.map(({ database }) => database).sort()).toEqual(["postgres", "template0", "template1"]);
      for (const { database, age } of ages) expect(age, database).toBeLessThan(1_000_000);
    } finally {
      await store.close();
    }

    // The next start finds nothing to do.
    let told = 0;
    const again = await openDatabase({ databaseUrl: null, dataDir, onOtherDatabasesFrozen: () => told++ });
    await again.close();
    expect(told).toBe(0);
  }, 120_000);

  it("leaves a store in memory alone (it starts new with its process)", async () => {
    let told = 0;
    const store = await openDatabase({
      databaseUrl: null,
      dataDir: "memory://",
      onOtherDatabasesFrozen: () => told++,
    });
    try {
      const ages = await databaseAges(store.db);
      expect(ages.length).toBe(3);
      expect(told).toBe(0);
    } finally {
      await store.close();
    }
  });
});
