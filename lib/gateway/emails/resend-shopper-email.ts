import { and, eq, sql } from "drizzle-orm";
import type { ShopperEmail } from "@/lib/contracts/shopper-emails";
import { shopperEmails } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { findShopperEmail } from "./get-shopper-email";
import { shopperEmailFromRow } from "./shopper-email-view";

/**
 * POST /emails/{id}/resend: the same message, due again at once with its attempts counted afresh, whatever became
 * of it (sent, kept, failed). One still waiting to be sent is left as it is: it goes anyway, and a second copy
 * would reach the shopper twice.
 */
export async function resendShopperEmail(options: {
  deps: Pick<GatewayDeps, "db" | "clock" | "outbox">;
  shopId: number;
  id: string;
}): Promise<ShopperEmail> {
  const { deps, shopId, id } = options;
  await findShopperEmail(deps, shopId, id);
  const now = deps.clock.sqlNow();
  const [updated] = await deps.db
    .update(shopperEmails)
    .set({
      status: "pending",
      attempts: 0,
      lastError: null,
      nextAttemptAt: sql`${now}`,
      updatedAt: sql`${now}`,
    })
    .where(
      and(
        eq(shopperEmails.id, id),
        eq(shopperEmails.shopId, shopId),
        sql`${shopperEmails.status} <> 'pending'`,
      ),
    )
    .returning();
  if (updated) {
    deps.outbox.nudge();
    return shopperEmailFromRow(updated);
  }
  return shopperEmailFromRow(await findShopperEmail(deps, shopId, id));
}
