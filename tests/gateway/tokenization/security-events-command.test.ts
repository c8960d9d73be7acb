import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestDatabase,
  MASTER_KEY,
  postTokenization,
  startTestGateway,
  type TestDatabase,
  tokenizationRequest,
  usePostgres,
} from "../harness";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

/**
 * `npm run shop -- events [shop id]` (scripts/shop.ts): the operator's view of what the card limits refused, against
 * a database of the test's own. The script opens the database itself, so the gateway that made the events is closed
 * first: one process owns an embedded data directory at a time.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

let dataDir: string;
let database: TestDatabase;
let limitedShop: number;
let quietShop: number;

function runShopCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "test",
    MASTER_KEY,
    ...(usePostgres && database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
  };
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "shop", "--", ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-security-events-"));
  database = await createTestDatabase({ embeddedDir: dataDir });
  const gateway = await startTestGateway({ database });
  try {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 2 });
    limitedShop = shop.id;
    quietShop = (await gateway.createShop()).id;
    for (const number of ["4000000000000002", "4111111111111111", "4242424242424242"]) {
      await postTokenization(gateway, shop, tokenizationRequest({}, { number }));
    }
  } finally {
    await gateway.close();
  }
}, 60_000);

afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run shop -- events", () => {
  it("lists a shop's refusals with bin and last 4 only", async () => {
    const result = await runShopCommand("events", String(limitedShop));
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\tshop ${limitedShop}\\tnew_card_limit\\t424242…4242$`),
    );
    expect(result.stdout).not.toContain("4242424242424242");

    const all = await runShopCommand("events");
    expect(all.stdout).toContain(`shop ${limitedShop}`);
    expect((await runShopCommand("events", String(quietShop))).stdout.trim()).toBe("No security events.");
    const bad = await runShopCommand("events", "abc");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("Usage:");
  }, 120_000);
});
