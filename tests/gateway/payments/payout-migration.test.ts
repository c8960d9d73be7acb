import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { shops } from "@/lib/db/schema";
import { startTestGateway, type TestGateway } from "../harness";

/**
 * Migration 0016 on a database whose shops predate `payouts_allowed`: they could pay out, and keep doing so; a shop
 * whose settings already say (every shop created since) keeps what they say.
 */
const MIGRATION = path.resolve(import.meta.dirname, "../../../lib/db/migrations/0016_payout_controls.sql");

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway.close();
});

async function payoutsAllowed(shopId: number): Promise<boolean> {
  const [row] = await gateway.runtime.deps.db
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, shopId));
  return shopSettingsSchema.parse(row.settings).payouts_allowed;
}

describe("payouts_allowed for shops that existed before it", () => {
  it("is turned on for them, and left alone where a shop's settings already say", async () => {
    const older = await gateway.createShop({ payouts_allowed: false }, "Older Shop");
    const newer = await gateway.createShop({ payouts_allowed: false }, "Newer Shop");
    const { db } = gateway.runtime.deps;
    // As the older shop was stored before 0016: no payouts_allowed key at all.
    await db.execute(sql`update shops set settings = settings - 'payouts_allowed' where id = ${older.id}`);
    expect(await payoutsAllowed(older.id)).toBe(false);
    const [update] = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    await db.execute(sql.raw(update));
    expect(await payoutsAllowed(older.id)).toBe(true);
    expect(await payoutsAllowed(newer.id)).toBe(false);
  });
});
