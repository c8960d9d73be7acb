import { and, eq } from "drizzle-orm";
import { SUBSCRIPTION_ID_PATTERN } from "@/lib/contracts/subscription";
import { type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";

/** One of the shop's subscription rows; another shop's id is answered as an unknown one. */
export async function requireSubscriptionRow(
  deps: Pick<GatewayDeps, "db">,
  shopId: number,
  id: string,
): Promise<SubscriptionRow> {
  if (!SUBSCRIPTION_ID_PATTERN.test(id)) throw new GatewayError("record_not_found");
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.shopId, shopId)));
  if (!row) throw new GatewayError("record_not_found");
  return row;
}
