import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { type ErrorTree, isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { BLANK } from "@/lib/contracts/messages";
import { type PaymentRequest, parsePaymentRequest } from "@/lib/contracts/payment";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { checkMerchantUrls, TRANSACTION_URL_FIELDS, urlsAt } from "../net/merchant-url-policy";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { checkShopRules } from "../tokenization/shop-rules";

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * A charge with a stored card's token and no security code is merchant-initiated if the token allows it (its
 * contract is checked with the card): no shopper, so neither the shop's required security code nor the
 * return_url of 3-D Secure applies to it.
 */
function withoutShopperFields(errors: ErrorTree, rawRequest: unknown): ErrorTree {
  const request = (rawRequest ?? {}) as { credit_card?: { token?: unknown; verification_value?: unknown } };
  if (isBlank(request.credit_card?.token) || !isBlank(request.credit_card?.verification_value)) return errors;
  const { return_url, ...rest } = errors;
  const card = rest.credit_card;
  if (card && !Array.isArray(card) && Array.isArray(card.verification_value)) {
    const { verification_value, ...cardRest } = card;
    const kept = verification_value.filter((message) => message !== BLANK);
    rest.credit_card = kept.length > 0 ? { ...cardRest, verification_value: kept } : cardRest;
    if (isEmptyErrorTree(rest.credit_card as ErrorTree)) delete rest.credit_card;
  }
  return return_url && Array.isArray(return_url) && return_url.some((message) => message !== BLANK)
    ? { ...rest, return_url: return_url.filter((message) => message !== BLANK) }
    : rest;
}

/**
 * The request's own rules, the ceiling on its amount, the shop's and the deployment's merchant-URL policy, reported
 * together in one 422.
 */
export function validatePayment(
  deps: Pick<GatewayDeps, "config" | "clock">,
  body: unknown,
  shop: AuthenticatedShop,
): PaymentRequest {
  const parsed = parsePaymentRequest(body, { now: deps.clock.now() });
  const rawRequest =
    body !== null && typeof body === "object" ? (body as { request?: unknown }).request : undefined;
  const shopErrors = mergeErrorTrees(
    withoutShopperFields(checkShopRules(rawRequest, shop), rawRequest),
    checkMerchantUrls(deps.config, urlsAt(rawRequest, TRANSACTION_URL_FIELDS)),
  );
  const errors: ErrorTree = parsed.ok
    ? mergeErrorTrees(amountCeilingErrors(parsed.value.amount, parsed.value.currency), shopErrors)
    : mergeErrorTrees(parsed.errors, shopErrors);
  if (!parsed.ok || !isEmptyErrorTree(errors)) throw GatewayError.validation(errors);
  return parsed.value;
}
