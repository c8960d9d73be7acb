import { count } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import type { Config } from "@/lib/server/config";
import type { Keyring } from "../vault/keyring";
import { createShop } from "./create-shop";
import type { ShopDirectory } from "./shop-directory";

/** Creates the demo shops when the database has no shops at all; returns whether it did. */
export async function ensureDemoShops(db: Database, keyring: Keyring): Promise<boolean> {
  const [{ shopCount }] = await db.select({ shopCount: count() }).from(shops);
  if (shopCount > 0) return false;
  for (const demo of DEMO_SHOPS) {
    await createShop({
      db,
      keyring,
      id: demo.id,
      name: demo.name,
      secretKey: demo.secretKey,
      settings: demo.settings,
    });
  }
  return true;
}

/**
 * The start-up lines about the demo shops (`server.ts` and `npm run gateway`): listed only while they exist with
 * their published keys (a fresh embedded database); in production, whether they are off or turned on.
 */
export async function demoShopLines(
  shopDirectory: ShopDirectory,
  config: Pick<Config, "nodeEnv" | "demoShops">,
): Promise<string[]> {
  const present: (typeof DEMO_SHOPS)[number][] = [];
  for (const shop of DEMO_SHOPS) {
    if (await shopDirectory.authenticate(String(shop.id), shop.secretKey)) present.push(shop);
  }
  const production = config.nodeEnv === "production";
  if (present.length === 0) {
    return production && !config.demoShops
      ? ["  demo shops: off in production (DEMO_SHOPS=true creates them and serves the demo at /)"]
      : [];
  }
  return [
    ...(production
      ? [
          "  WARNING: demo shops with published secret keys exist in production (DEMO_SHOPS=true or created earlier)",
        ]
      : []),
    "  demo shops (test mode; HTTP Basic shop id / secret key):",
    ...present.map((shop) => `    ${shop.id} / ${shop.secretKey}  ${shop.name}`),
    "  test cards: 4200000000000000 succeeds, 4005550000000019 is declined",
  ];
}
