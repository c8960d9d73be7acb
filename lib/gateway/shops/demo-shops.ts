import { count } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import { DEMO_SHOPS } from "@/lib/demo-shops";
import type { Keyring } from "../vault/keyring";
import { createShop } from "./create-shop";

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
