import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ageTemplate1PastTheRefusal } from "@/tests/gateway/wraparound";
import { openDatabase, queryRows } from "./client";
import { PGLITE_SETTINGS } from "./pglite-settings";
import { databaseAges, type OtherDatabaseFreeze, WRAPAROUND_REFUSAL_AGE } from "./wraparound";

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-wraparound-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the embedded store's other databases at its start", () => {
  it("are frozen once old enough, so that a store that refused writes for template1's age takes them again", async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    await first.close();
    await ageTemplate1PastTheRefusal(path.join(dataDir, "pglite"));

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

  it("are frozen once their multixacts are old enough too", async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    await first.close();
    const raw = await PGlite.create({
      dataDir: path.join(dataDir, "pglite"),
      postgresqlconf: PGLITE_SETTINGS,
    });
    try {
      // template1's oldest multixact recorded 60 million multixacts back (none exists: only the recorded age counts).
      await raw.exec(`update pg_database
                         set datminmxid = ((mxid_age('1'::xid) + 1 - 60000000 + 4294967296) % 4294967296)::text::xid
                       where datname = 'template1'`);
    } finally {
      await raw.close();
    }
    const outcomes: OtherDatabaseFreeze[] = [];
    const store = await openDatabase({
      databaseUrl: null,
      dataDir,
      onOtherDatabasesFrozen: (frozen) => outcomes.push(...frozen),
    });
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
