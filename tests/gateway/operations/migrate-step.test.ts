import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { appliedMigrationCount } from "@/lib/db/migrate";
import { freePort } from "../gateway-process";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";
import { type CommandResult, runCommand, type Store, startServerProcess, storeEnv } from "../ops-process";

/**
 * Migrations as a step of their own (`npm run migrate`, then instances with MIGRATE_ON_START=false), and what a
 * process started wrongly says: one line on stderr naming what is wrong and what to do, a non-zero exit, and no
 * listening port (so readiness is never true before it can serve). On the embedded database by default, on a
 * PostgreSQL database of its own with TEST_DATABASE=postgres, where three `npm run migrate` start at once.
 */
vi.setConfig({ testTimeout: 180_000 });

const SHIPPED = (
  JSON.parse(fs.readFileSync("lib/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }
).entries.length;
const MASTER_KEY = randomBytes(32).toString("hex");

/** One line, no stack frames, no Node source excerpt. */
function oneLine(result: CommandResult): string {
  const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  return lines[0];
}

async function appliedIn(store: Store): Promise<number> {
  const database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  try {
    return await appliedMigrationCount(database.db);
  } finally {
    await database.close();
  }
}

describe("npm run migrate, then instances that do not migrate", () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = {
      databaseUrl: database.url,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "tessera-migrate-step-")),
    };
  });
  afterAll(async () => {
    await database?.drop();
    if (store) fs.rmSync(store.dataDir, { recursive: true, force: true });
  });

  it("an instance with MIGRATE_ON_START=false on a database that lacks migrations stops with one line", async () => {
    const result = await runCommand("scripts/gateway.ts", [], {
      ...storeEnv(store),
      MASTER_KEY,
      MIGRATE_ON_START: "false",
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(oneLine(result)).toBe(
      `The database has 0 of the ${SHIPPED} migrations this release needs and MIGRATE_ON_START is false: run \`npm run migrate\` (the image's \`migrate\` command) first.`,
    );
    expect(result.stdout).not.toContain("listening on");
    expect(await appliedIn(store)).toBe(0);
  });

  it("npm run migrate applies every migration once, however many start at once; a second run finds none to do", async () => {
    const starts = usePostgres ? 3 : 1;
    const results = await Promise.all(
      Array.from({ length: starts }, () => runCommand("scripts/migrate.ts", [], storeEnv(store))),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const outputs = results.map((result) => result.stdout.trim());
    // Exactly one did the work (the others waited on the lock and found nothing left).
    expect(
      outputs.filter((line) => line.includes(`applied ${SHIPPED} migrations; all ${SHIPPED} are in place`)),
    ).toHaveLength(1);
    expect(outputs.filter((line) => line.includes("is up to date"))).toHaveLength(starts - 1);
    expect(await appliedIn(store)).toBe(SHIPPED);

    const again = await runCommand("scripts/migrate.ts", [], storeEnv(store));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`is up to date: all ${SHIPPED} migrations applied before.`);
    expect(await appliedIn(store)).toBe(SHIPPED);
  });

  it("then an instance with MIGRATE_ON_START=false starts and is ready", async () => {
    const server = await startServerProcess({ ...storeEnv(store), MASTER_KEY, MIGRATE_ON_START: "false" });
    try {
      const ready = await fetch(`${server.origin}/gateway/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("a process started wrongly says so in one line and exits non-zero", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-started-wrongly-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("a database that does not answer: named without its password", async () => {
    const port = await freePort();
    for (const script of ["scripts/gateway.ts", "scripts/migrate.ts"]) {
      const result = await runCommand(script, [], {
        DATA_DIR: dataDir,
        MASTER_KEY,
        DATABASE_URL: `postgres://tessera:s3cret-password@127.0.0.1:${port}/tessera`,
        PORT: String(await freePort()),
      });
      expect(result.code, script).toBe(1);
      const line = oneLine(result);
      expect(line).toBe(
        `The database at postgres://tessera@127.0.0.1:${port}/tessera could not be reached (connect ECONNREFUSED 127.0.0.1:${port}): start it, or correct DATABASE_URL.`,
      );
      expect(result.stdout + result.stderr).not.toContain("s3cret");
    }
  });

  it("no MASTER_KEY in production", async () => {
    const result = await runCommand("scripts/gateway.ts", [], {
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(oneLine(result)).toMatch(/^MASTER_KEY is required in production/);
    expect(result.stdout).not.toContain("listening on");
  });
});
