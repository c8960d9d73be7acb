import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "./client";
import { ensurePgliteTemplate } from "./pglite-template";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-template-test-"));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database template", () => {
  it("gives a new data directory a working database, which keeps what is written to it", async () => {
    await ensurePgliteTemplate();
    const first = await openDatabase({ databaseUrl: null, dataDir });
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written')`);
    await first.close();

    // Opened again: the directory is the database's own now, not copied over.
    const again = await openDatabase({ databaseUrl: null, dataDir });
    expect(await queryRows<{ value: string }>(again.db, sql`select value from kept`)).toEqual([
      { value: "written" },
    ]);
    await again.close();
  }, 60_000);
});
