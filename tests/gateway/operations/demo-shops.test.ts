import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { startGatewayRuntime } from "@/lib/gateway/runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { MASTER_KEY } from "../harness";

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
