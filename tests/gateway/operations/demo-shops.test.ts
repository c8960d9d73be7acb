import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { MASTER_KEY } from "../harness";
import { startServerProcess } from "../ops-process";

const NEXT_STUB = "./tests/gateway/next-stub/register.mjs";

/** A start on an empty embedded database, as `npm start` makes it, under `env`: which demo shops exist after it. */
async function startOnEmptyDatabase(env: Record<string, string>) {
  const config = loadConfig({ MASTER_KEY, DATA_DIR: "/tmp/tessera-test-unused", ...env });
  const logger = createLogger({
    level: "silent",
    destination: new Writable({ write: (_c, _e, done) => done() }),
  });
  const database = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
  const runtime = await startGatewayRuntime({ config, logger, database, backgroundWorkers: false });
  try {
    const present = [];
    const payouts = [];
    for (const shop of DEMO_SHOPS) {
      const found = await runtime.deps.shops.authenticate(String(shop.id), shop.secretKey);
      if (found) present.push(shop.id);
      if (found?.settings.payouts_allowed) payouts.push(shop.id);
    }
    return {
      created: runtime.createdDemoShops,
      present,
      payouts,
      banner: await demoShopLines(runtime.deps.shops, config),
    };
  } finally {
    await runtime.close();
  }
}

describe("demo shops on a first start of the embedded database", () => {
  it("are not created in production: no shop answers to a published key", async () => {
    const start = await startOnEmptyDatabase({ NODE_ENV: "production" });
    expect(start).toMatchObject({ created: false, present: [] });
    expect(start.banner.join("\n")).toContain("demo shops: off in production (DEMO_SHOPS=true");
    expect(start.banner.join("\n")).not.toContain("demo_secret_key");
  });

  it("are created in production when the operator sets DEMO_SHOPS=true, with a warning", async () => {
    const start = await startOnEmptyDatabase({ NODE_ENV: "production", DEMO_SHOPS: "true" });
    expect(start).toMatchObject({ created: true, present: [1, 2] });
    expect(start.banner[0]).toMatch(/WARNING: demo shops with published secret keys exist in production/);
  });

  it("are created in development as before, without a warning", async () => {
    const start = await startOnEmptyDatabase({ NODE_ENV: "development" });
    // Cleared for payouts, so the demo shows them; a new shop is not.
    expect(start).toMatchObject({ created: true, present: [1, 2], payouts: [1, 2] });
    expect(start.banner[0]).toBe("  demo shops (test mode; HTTP Basic shop id / secret key):");
  });
});

describe("a default start of server.ts (no NODE_ENV, no DEMO_SHOPS)", () => {
  it("prints the demo shops and the checkout app serves the demo at / after Next sets NODE_ENV=production", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-default-start-"));
    const server = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: "", DEMO_SHOPS: "", LOG_FORMAT: "" },
      "server.ts",
      [NEXT_STUB],
    );
    try {
      expect(server.output()).toContain("demo_secret_key_shop_1_without_3ds");
      const app = loadConfig(await (await fetch(`${server.origin}/environment`)).json());
      expect(app).toMatchObject({ nodeEnv: "production", demoShops: true });
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // As the production start below: a whole server.ts compiled and started, over 30 s on a busy machine.
  }, 120_000);

  it("in production serves no demo in the gateway nor in the app", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-production-start-"));
    const server = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: "production", DEMO_SHOPS: "", MASTER_KEY },
      "server.ts",
      [NEXT_STUB],
    );
    try {
      expect(server.output()).not.toContain("demo_secret_key");
      const app = loadConfig(await (await fetch(`${server.origin}/environment`)).json());
      expect(app).toMatchObject({ nodeEnv: "production", demoShops: false });
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // The whole server.ts compiled and started as a process: 10 s on a quiet machine, over 30 s on a busy one.
  }, 120_000);
});
