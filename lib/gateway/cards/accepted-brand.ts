import { CARD_BRANDS } from "@/lib/cards/brand";
import type { ShopSettings } from "@/lib/contracts/shop-settings";
import { GatewayError } from "../errors";
import type { CardDescription } from "./describe-card";

export const BRAND_NOT_ACCEPTED = "is of a card brand this shop does not accept";

/**
 * Refuses a card of a brand the shop does not take (`accepted_brands`), before anything is decided or stored about
 * it: the hosted page shows only those brands' marks, and a page must not take what it does not show. A shop that
 * takes every brand the gateway knows also takes numbers of no known brand, as before the setting existed.
 */
export function refuseUnacceptedBrand(
  settings: Pick<ShopSettings, "accepted_brands">,
  card: Pick<CardDescription, "brand">,
): void {
  const accepted = settings.accepted_brands;
  if (accepted.length === CARD_BRANDS.length) return;
  if (card.brand !== "unknown" && accepted.includes(card.brand)) return;
  throw GatewayError.validation({ credit_card: { number: [BRAND_NOT_ACCEPTED] } });
}
