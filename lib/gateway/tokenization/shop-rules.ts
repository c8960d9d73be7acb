import { addError, type ErrorTree } from "@/lib/contracts/errors";
import { BLANK } from "@/lib/contracts/messages";
import type { AuthenticatedShop } from "../shops/shop-directory";

function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** What the shop's rules need to know of a request beyond its fields. */
export interface ShopRuleFacts {
  /**
   * A charge of a stored card's token without its security code: merchant-initiated, if the token's contract
   * allows it (checked with the card). No shopper is there, so neither the shop's required security code nor the
   * return_url of 3-D Secure applies to it.
   */
  merchantInitiated: boolean;
}

/**
 * A charge request that names a stored card's token and sends no security code: what `ShopRuleFacts` calls
 * merchant-initiated, read from the raw request so the shop's rules can run with the request's own validation.
 */
export function isMerchantInitiatedRequest(rawRequest: unknown): boolean {
  return (
    !isBlank(valueAt(rawRequest, "credit_card.token")) &&
    isBlank(valueAt(rawRequest, "credit_card.verification_value"))
  );
}

/**
 * The rules that depend on the shop rather than on the request alone: conditionally required fields, return_url
 * for 3-D Secure shops, and the skip/force flags only for shops cleared to use them. They run on the raw request so
 * their errors are reported together with the request's own validation errors.
 */
export function checkShopRules(
  rawRequest: unknown,
  shop: AuthenticatedShop,
  facts: ShopRuleFacts,
): ErrorTree {
  const errors: ErrorTree = {};
  const { settings } = shop;
  const usesStoredCard = !isBlank(valueAt(rawRequest, "credit_card.token"));
  for (const field of settings.required_fields) {
    // A stored card already carries its holder; the security code is still asked for when the shop requires it,
    // unless there is no shopper to ask.
    if (usesStoredCard && field === "credit_card.holder") continue;
    if (facts.merchantInitiated && field === "credit_card.verification_value") continue;
    if (isBlank(valueAt(rawRequest, field))) addError(errors, field.split("."), BLANK);
  }
  if (settings.three_d_secure && !facts.merchantInitiated && isBlank(valueAt(rawRequest, "return_url"))) {
    addError(errors, ["return_url"], BLANK);
  }
  if (
    valueAt(rawRequest, "skip_three_d_secure_verification") === true &&
    !settings.skip_three_d_secure_allowed
  ) {
    addError(errors, ["skip_three_d_secure_verification"], "is not allowed for this shop");
  }
  if (
    valueAt(rawRequest, "force_three_d_secure_verification") === true &&
    !settings.force_three_d_secure_allowed
  ) {
    addError(errors, ["force_three_d_secure_verification"], "is not allowed for this shop");
  }
  return errors;
}
