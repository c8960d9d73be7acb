import { detectBrand, securityCodeLength } from "@/lib/cards/brand";
import { type CreditCard, isExpired, isStoredCardReference } from "@/lib/contracts/credit-card";
import { DATE_EXPIRED, INVALID } from "@/lib/contracts/messages";
import { TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import { cards } from "@/lib/db/schema";
import type { AcquirerCard } from "../acquirer/acquirer";
import { shopCardWithToken } from "../cards/card-by-token";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { revealCardNumber } from "../vault/card-vault";

/** What a token's contract does not allow, as the 422 says it (full sentences, under `credit_card.token`). */
export const PAYOUTS_ONLY = "Token is for payouts only (contract credit).";
export const NO_RECURRING_CONTRACT =
  "Token has no recurring contract: a charge without verification_value needs one.";
export const NO_ONECLICK_CONTRACT =
  "Token has no oneclick contract: a charge with verification_value needs one.";
export const NO_CREDIT_CONTRACT = "Token has no credit contract: payouts need one.";

export interface ResolvedCard {
  card: AcquirerCard;
  /** The stored card's token when the request named one; null for card data sent in full. */
  storedToken: string | null;
  /** The stored card's contract, which a charge with its token keeps; null for card data sent in full. */
  storedContract: string[] | null;
  /** A `recurring` token charged without the shopper: no security code, no 3-D Secure. */
  merchantInitiated: boolean;
}

/**
 * The card a payment, authorization or payout is for: sent in full, or a stored card named by its token, which
 * only the shop that stored it can use and only as its contract allows (DESIGN.md, "Money movement"):
 * - no contract: shopper-present charges with the security code, and payouts;
 * - `recurring`: charges without the security code, merchant-initiated (no 3-D Secure);
 * - `oneclick`: shopper-present charges with the security code (3-D Secure as the shop's setting says);
 * - `credit`: payouts.
 *
 * A stored card that cannot be used so is refused as `card_not_chargeable`, with its reason.
 */
export async function resolveMoneyCard(options: {
  deps: Pick<GatewayDeps, "db" | "clock" | "keyring">;
  shop: AuthenticatedShop;
  card: CreditCard;
  use: "charge" | "payout";
}): Promise<ResolvedCard> {
  const { deps, shop, card, use } = options;
  if (!isStoredCardReference(card)) {
    return {
      card: {
        number: card.number,
        verificationValue: use === "payout" ? null : (card.verification_value ?? null),
        holder: card.holder ?? null,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      },
      storedToken: null,
      storedContract: null,
      merchantInitiated: false,
    };
  }
  const [stored] = await deps.db.select().from(cards).where(shopCardWithToken(card.token, shop.id));
  // Another shop's token, or a card held for its charge, is answered exactly like one that never existed.
  if (!stored) {
    throw GatewayError.cardNotChargeable("unknown", { credit_card: { token: [TOKEN_DOES_NOT_EXIST] } });
  }
  if (isExpired(stored.expMonth, stored.expYear, deps.clock.now())) {
    throw GatewayError.cardNotChargeable("expired", { credit_card: { exp_year: [DATE_EXPIRED] } });
  }
  const contract = new Set(stored.contract);
  const code = use === "payout" ? null : (card.verification_value ?? null);
  let merchantInitiated = false;
  if (use === "payout") {
    if (contract.size > 0 && !contract.has("credit")) tokenRefused(NO_CREDIT_CONTRACT);
  } else if (contract.size > 0 && !contract.has("recurring") && !contract.has("oneclick")) {
    tokenRefused(PAYOUTS_ONLY);
  } else if (code === null) {
    if (!contract.has("recurring")) tokenRefused(NO_RECURRING_CONTRACT);
    merchantInitiated = true;
  } else if (contract.size > 0 && !contract.has("oneclick")) {
    tokenRefused(NO_ONECLICK_CONTRACT);
  }
  const number = await revealCardNumber(deps.keyring, stored);
  // Only now is the brand known, and with it the length of its security code.
  if (code !== null && code.length !== securityCodeLength(detectBrand(number))) {
    throw GatewayError.validation({ credit_card: { verification_value: [INVALID] } });
  }
  return {
    card: {
      number,
      verificationValue: code,
      holder: card.holder ?? stored.holder,
      expMonth: stored.expMonth,
      expYear: stored.expYear,
    },
    storedToken: stored.token,
    storedContract: stored.contract,
    merchantInitiated,
  };
}

function tokenRefused(message: string): never {
  throw GatewayError.cardNotChargeable("contract", { credit_card: { token: [message] } });
}
