import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { adminSessions, shops } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { sealShopSecret } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";
import type { ShopDirectory } from "./shop-directory";

/**
 * POST /shop/secret_key: replaces the shop's secret key and returns the new one, the only time it is shown.
 * The old key stops working at once on this instance; other instances drop their cached record within the
 * shop directory's TTL (5 s). Every admin session of the shop ends (the admin area that asked starts a new one with
 * the new key). Outgoing webhooks are signed with the new key from now on.
 */
export async function rotateSecretKey(options: {
  deps: { db: Database; clock: Clock; keyring: Keyring; shops: ShopDirectory };
  shopId: number;
}): Promise<string> {
  const { deps, shopId } = options;
  const secretKey = randomBytes(32).toString("hex");
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(shops)
      .set({
        secretKeyHash: deps.keyring.hashes.secretLookup(secretKey),
        secretKeySealed: sealShopSecret(deps.keyring, shopId, "secret_key", secretKey),
        updatedAt: deps.clock.isFixed ? deps.clock.now() : sql`clock_timestamp()`,
      })
      .where(eq(shops.id, shopId))
      .returning({ id: shops.id });
    // Whoever held the old key may have signed in with it: every admin session ends with it.
    await tx.delete(adminSessions).where(eq(adminSessions.shopId, shopId));
    return rows;
  });
  deps.shops.invalidate(shopId);
  if (updated.length === 0) throw new GatewayError("record_not_found");
  return secretKey;
}
