import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { shops } from "@/lib/db/schema";
import { createTestDatabase, MASTER_KEY, startTestGateway, type TestDatabase, usePostgres } from "../harness";

// The product's own script as a child process, its TypeScript compiled first: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/**
 * `npm run shop -- create --payouts …` and `npm run shop -- payouts <id> …` (scripts/shop.ts): the operator's
 * switch and caps for a shop's payouts, against a database of the test's own.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

let dataDir: string;
let database: TestDatabase;

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
      { cwd: ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The shop's payout settings as the gateway reads them (the script holds the embedded database while it runs). */
async function payoutSettings(shopId: number) {
  const gateway = await startTestGateway({ database });
  try {
    const [row] = await gateway.runtime.deps.db
      .select({ settings: shops.settings })
      .from(shops)
      .where(eq(shops.id, shopId));
    const { payouts_allowed, payout_limit, payout_daily_limit, payout_currencies } = shopSettingsSchema.parse(
      row.settings,
    );
    return { payouts_allowed, payout_limit, payout_daily_limit, payout_currencies };
  } finally {
    await gateway.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-payouts-command-"));
  database = await createTestDatabase({ embeddedDir: dataDir });
});

afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run shop: payouts", () => {
  it("creates a shop without payouts unless --payouts, then turns them on and off and sets the caps", async () => {
    const plain = await runShopCommand("create", "--name", "Plain Shop");
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain("payouts:        not allowed");
    const plainId = Number(/Created shop (\d+)/.exec(plain.stdout)?.[1]);
    expect(await payoutSettings(plainId)).toEqual({
      payouts_allowed: false,
      payout_limit: 5000,
      payout_daily_limit: 50_000,
      payout_currencies: ["EUR"],
    });

    const paying = await runShopCommand(
      "create",
      "--name",
      "Paying Shop",
      "--payouts",
      "--payout-limit",
      "2000",
    );
    expect(paying.code, paying.stderr).toBe(0);
    const payingId = Number(/Created shop (\d+)/.exec(paying.stdout)?.[1]);
    expect(await payoutSettings(payingId)).toEqual({
      payouts_allowed: true,
      payout_limit: 2000,
      payout_daily_limit: 50_000,
      payout_currencies: ["EUR"],
    });

    const changed = await runShopCommand(
      "payouts",
      String(plainId),
      "--on",
      "--payout-daily-limit",
      "80000",
      "--payout-currencies",
      "eur,usd",
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout.trim()).toBe(
      `Shop ${plainId}: payouts allowed in EUR, USD, at most 5000 per payout and 80000 a day (major units)`,
    );
    const off = await runShopCommand("payouts", String(payingId), "--off");
    expect(off.stdout.trim()).toBe(`Shop ${payingId}: payouts not allowed`);
    expect(await payoutSettings(plainId)).toMatchObject({
      payouts_allowed: true,
      payout_daily_limit: 80_000,
      payout_currencies: ["EUR", "USD"],
    });
    expect(await payoutSettings(payingId)).toMatchObject({ payouts_allowed: false, payout_limit: 2000 });

    const bad = await runShopCommand("payouts", String(plainId), "--payout-limit", "12.5");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("Usage:");
    const fundsCode = await runShopCommand("payouts", String(plainId), "--payout-currencies", "EUR,CLF");
    expect(fundsCode.code).not.toBe(0);
    expect(fundsCode.stderr).toContain(
      "--payout-currencies lists ISO 4217 codes once each, no funds codes (CLF)",
    );
  }, 600_000);
});
