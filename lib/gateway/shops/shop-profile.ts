import { eq } from "drizzle-orm";
import type { ShopProfile } from "@/lib/contracts/merchant";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import { GatewayError } from "../errors";
import { openShopSecret } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";

/**
 * GET /shop: the shop's record as its merchant sees it, read from the database rather than the authentication
 * cache so a change just made shows at once. The webhook secret is kept in the Standard Webhooks form it was
 * issued in (`whsec_` + base64), which is what verification libraries take.
 */
export async function getShopProfile(options: {
  deps: { db: Database; keyring: Keyring };
  shopId: number;
  db?: Pick<Database, "select">;
}): Promise<ShopProfile> {
  const { deps, shopId } = options;
  const [row] = await (options.db ?? deps.db)
    .select({
      id: shops.id,
      name: shops.name,
      test: shops.test,
      settings: shops.settings,
      publicKey: shops.publicKey,
      webhookSecretSealed: shops.webhookSecretSealed,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!row) throw new GatewayError("record_not_found");
  return {
    id: row.id,
    name: row.name,
    test: row.test,
    settings: shopSettingsSchema.parse(row.settings),
    public_key: row.publicKey,
    webhook_secret: openShopSecret(deps.keyring, row.id, "webhook_secret", row.webhookSecretSealed),
  };
}
