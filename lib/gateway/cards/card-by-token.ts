import { and, eq, type SQL } from "drizzle-orm";
import { cards } from "@/lib/db/schema";

/**
 * The condition for a stored card that a request names by its token: one of the shop's own (another shop's token
 * answers like one that never existed), and never a card held only for the charge it came with
 * (`held_for_charge`): its token is shown to no one, and nothing but that charge may use, show or change it.
 * The charge itself finds its card through its transaction, not through a request's token.
 */
export function shopCardWithToken(token: string, shopId: number): SQL {
  return and(eq(cards.token, token), eq(cards.shopId, shopId), eq(cards.heldForCharge, false)) as SQL;
}
