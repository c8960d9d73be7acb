import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BACKUP_SOCKET } from "@/lib/db/backup";
import { openDatabase, queryRows } from "@/lib/db/client";
import { tracingEnabled } from "@/lib/gateway/observability/tracing";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { MASTER_KEY } from "../harness";
import { startWebhookReceiver } from "../webhook-receiver";

const silentLogger = () =>
  createLogger({ level: "silent", destination: new Writable({ write: (_c, _e, done) => done() }) });

/**
 * A start that fails at its last step (METRICS_PORT already taken) after every other step has opened something:
 * tracing, the embedded database with its lock file, the backup socket, the workers.
 */
describe("a start that fails", () => {
  let taken: net.Server;
  let takenPort: number;
  let dataDir: string;

  beforeEach(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    takenPort = (taken.address() as net.AddressInfo).port;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-failed-start-"));
  });

  afterEach(async () => {
    await new Promise((resolve) => taken.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // A first start on a new data directory: its template copied and migrated, on a busy machine.
  it("closes what the steps before it opened, last first, and throws its own error", {
    timeout: 120_000,
  }, async () => {
    const collector = await startWebhookReceiver();
    const config = loadConfig({
      MASTER_KEY,
      DATA_DIR: dataDir,
      METRICS_PORT: String(takenPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin,
    });
    expect(tracingEnabled()).toBe(false);

    try {
      await expect(startGatewayRuntime({ config, logger: silentLogger() })).rejects.toMatchObject({
        code: "EADDRINUSE",
      });
    } finally {
      await collector.close();
    }

    // The embedded database closed (its lock released), its backup socket gone, tracing stopped.
    expect(fs.existsSync(path.join(dataDir, "pglite.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, BACKUP_SOCKET))).toBe(false);
    expect(tracingEnabled()).toBe(false);
    // The next start finds the directory as a stopped server leaves it.
    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    await reopened.db.execute(sql`select 1`);
    await reopened.close();
  });

  it("leaves a database it was handed open: the caller got no runtime, and closes it itself", async () => {
    const config = loadConfig({ MASTER_KEY, DATA_DIR: dataDir, METRICS_PORT: String(takenPort) });
    const database = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    try {
      await expect(
        startGatewayRuntime({ config, logger: silentLogger(), database, backgroundWorkers: false }),
      ).rejects.toMatchObject({ code: "EADDRINUSE" });
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
