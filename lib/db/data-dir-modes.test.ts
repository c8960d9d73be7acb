import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dumpEmbeddedDatabase, restoreEmbeddedDatabase } from "./backup";
import { openDatabase } from "./client";
import { ensurePgliteTemplate } from "./pglite-template";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-modes-test-"));

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every entry under `dir` (itself included) whose mode is not the owner's only: 0700 directories, 0600 files. */
function looseEntries(dir: string): string[] {
  const loose: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted)
      loose.push(`${path.relative(root, entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(dir);
  return loose;
}

function countEntries(dir: string): number {
  return fs.readdirSync(dir, { recursive: true }).length;
}

describe("the embedded database's files", () => {
  const dataDir = path.join(root, "data");

  it("are the owner's only in a new data directory (created 0700, every file 0600), the lock file included", async () => {
    await ensurePgliteTemplate();
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await handle.db.execute(sql`create table kept (value text)`);
      await handle.db.execute(sql`insert into kept select repeat('x', 100) from generate_series(1, 1000)`);
      expect(fs.existsSync(path.join(dataDir, "pglite.pid"))).toBe(true);
      // The template's hundreds of files are all there, and none is left as PGlite wrote it.
      expect(countEntries(path.join(dataDir, "pglite"))).toBeGreaterThan(500);
      expect(looseEntries(dataDir)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("are made the owner's only again at the next start when something loosened them", async () => {
    fs.chmodSync(path.join(dataDir, "pglite"), 0o755);
    fs.chmodSync(path.join(dataDir, "pglite", "PG_VERSION"), 0o666);
    fs.chmodSync(path.join(dataDir, "pglite", "global"), 0o777);
    expect(looseEntries(dataDir)).toHaveLength(3);
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(looseEntries(dataDir)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("are the owner's only after a restore", async () => {
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    let dump: Buffer;
    try {
      await handle.db.execute(sql`create table vault_keys (id text)`);
      dump = await dumpEmbeddedDatabase(handle);
    } finally {
      await handle.close();
    }
    const restored = path.join(root, "restored");
    await restoreEmbeddedDatabase(dump, restored);
    expect(countEntries(path.join(restored, "pglite"))).toBeGreaterThan(500);
    expect(looseEntries(restored)).toEqual([]);
  }, 60_000);
});
