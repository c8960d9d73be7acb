import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markShuttingDown, resetShuttingDown } from "@/lib/server/graceful-shutdown";
import { callJson, startTestGateway, type TestGateway } from "../harness";

describe("/health/live and /health/ready", () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway();
  }, 60_000);
  afterAll(async () => {
    resetShuttingDown();
    // The database is closed by the last test; closing it again may fail, which is not this file's subject.
    await gateway?.close().catch(() => {});
  });

  // First in this file: before any readiness request, as in a process that has just started.
  it("ready compares the database with the migrations counted at start, not with the files on disk now", async () => {
    const readFileSync = fs.readFileSync;
    let journal: "gone" | "newer" = "gone";
    // A new release unpacked under the running process: its journal is missing for a moment, then has one more
    // migration than this code applied. Neither is this process's business.
    const spy = vi.spyOn(fs, "readFileSync").mockImplementation(((
      file: fs.PathOrFileDescriptor,
      options?: never,
    ) => {
      if (!String(file).endsWith("_journal.json")) return readFileSync(file, options);
      if (journal === "gone") throw Object.assign(new Error(`ENOENT: ${file}`), { code: "ENOENT" });
      const read = JSON.parse(readFileSync(file, "utf8")) as { entries: { idx: number; tag: string }[] };
      read.entries.push({
        ...read.entries[read.entries.length - 1],
        idx: read.entries.length,
        tag: "9999_newer",
      });
      return JSON.stringify(read);
    }) as typeof fs.readFileSync);
    try {
      expect(await callJson(gateway, "/health/ready")).toMatchObject({ status: 200, body: { status: "ok" } });
      journal = "newer";
      expect(await callJson(gateway, "/health/ready")).toMatchObject({ status: 200, body: { status: "ok" } });
    } finally {
      spy.mockRestore();
    }
    expect(gateway.runtime.deps.migrationCount).toBe(
      (JSON.parse(fs.readFileSync("lib/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] })
        .entries.length,
    );
  });

  it("answer 200 on a migrated database, without credentials; /health stays as it was", async () => {
    expect(await callJson(gateway, "/health/live")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await callJson(gateway, "/health/ready")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await callJson(gateway, "/health")).toMatchObject({
      status: 200,
      body: { status: "ok", database: "ok" },
    });
  });

  it("ready is 503 while shutting down; live still answers", async () => {
    markShuttingDown();
    try {
      expect(await callJson(gateway, "/health/ready")).toMatchObject({
        status: 503,
        body: { status: "unavailable", reason: "shutting_down" },
      });
      expect((await callJson(gateway, "/health/live")).status).toBe(200);
    } finally {
      resetShuttingDown();
    }
    expect((await callJson(gateway, "/health/ready")).status).toBe(200);
  });

  it("ready is 503 while a migration this code ships is not applied", async () => {
    const { db } = gateway.runtime.deps;
    const [last] = (
      (await db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      expect(await callJson(gateway, "/health/ready")).toMatchObject({
        status: 503,
        body: { reason: "migrations_pending" },
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await callJson(gateway, "/health/ready")).status).toBe(200);
  });

  it("ready is 503 when the database does not answer; live still answers", async () => {
    await gateway.runtime.database.close();
    expect(await callJson(gateway, "/health/ready")).toMatchObject({
      status: 503,
      body: { reason: "database_unavailable" },
    });
    expect((await callJson(gateway, "/health/live")).status).toBe(200);
  });
});
