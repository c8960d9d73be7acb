import { eq, sql } from "drizzle-orm";
import type { CardCurrencyCode } from "@/lib/contracts/currencies";
import { type ShopSettings, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";

export interface PayoutSettingsChange {
  payouts_allowed?: boolean;
  /** Major units of the payout's currency. */
  payout_limit?: number;
  payout_daily_limit?: number;
  /** The currencies the caps apply to; any other is refused. */
  payout_currencies?: CardCurrencyCode[];
}

/**
 * The operator's switch and caps for a shop's payouts (`npm run shop -- payouts`), which the shop cannot change
 * itself. Under the row lock, as a shop's own settings change, and validated by the same schema; a running gateway
 * sees the change within its shop cache's lifetime (seconds). Null when there is no such shop.
 */
export async function setPayoutSettings(options: {
  db: Database;
  shopId: number;
  change: PayoutSettingsChange;
}): Promise<ShopSettings | null> {
  const { db, shopId, change } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: shops.settings })
      .from(shops)
      .where(eq(shops.id, shopId))
      .for("update");
    if (!row) return null;
    const settings = shopSettingsSchema.parse({ ...(row.settings as object), ...change });
    await tx.update(shops).set({ settings, updatedAt: sql`clock_timestamp()` }).where(eq(shops.id, shopId));
    return settings;
  });
}
