import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ageTemplate1PastTheRefusal, onStoreFiles } from "@/tests/gateway/wraparound";
import { type DatabaseHandle, openDatabase, queryRows } from "./client";
import { databaseAges, type OtherDatabaseFreeze, WRAPAROUND_REFUSAL_AGE } from "./wraparound";

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-wraparound-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A new store on `dataDir`, closed: its files, as a stopped server leaves them. */
async function createStore(): Promise<void> {
  await (await openDatabase({ databaseUrl: null, dataDir })).close();
}

/** The store opened as a start opens it, with what that start froze. */
async function openStore(): Promise<{ store: DatabaseHandle; outcomes: OtherDatabaseFreeze[] }> {
  const outcomes: OtherDatabaseFreeze[] = [];
  const store = await openDatabase({
    databaseUrl: null,
    dataDir,
    onOtherDatabasesFrozen: (frozen) => outcomes.push(...frozen),
  });
  return { store, outcomes };
}

describe("the embedded store's other databases at its start", () => {
  it("are frozen once old enough, so that a store that refused writes for template1's age takes them again", async () => {
    await createStore();
    await ageTemplate1PastTheRefusal(path.join(dataDir, "pglite"));

    const { store, outcomes } = await openStore();
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
    const again = await openStore();
    await again.store.close();
    expect(again.outcomes).toEqual([]);
  }, 120_000);

  it("are frozen once their multixacts are old enough too", async () => {
    await createStore();
    await onStoreFiles(path.join(dataDir, "pglite"), async (raw) => {
      // template1's oldest multixact recorded 60 million multixacts back (none exists: only the recorded age counts).
      await raw.exec(`update pg_database
                         set datminmxid = ((mxid_age('1'::xid) + 1 - 60000000 + 4294967296) % 4294967296)::text::xid
                       where datname = 'template1'`);
    });
    const { store, outcomes } = await openStore();
    try {
      expect(outcomes.map(({ database }) => database)).toEqual(["template1"]);
      expect(outcomes[0]).not.toHaveProperty("error");
      const [{ age }] = await queryRows<{ age: number }>(
        store.db,
        sql`select mxid_age(datminmxid) as age from pg_database where datname = 'template1'`,
      );
      expect(age).toBeLessThan(1_000);
    } finally {
      await store.close();
    }
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
