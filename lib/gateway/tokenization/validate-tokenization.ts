import { type ErrorTree, isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { parseTokenizationRequest, type TokenizationRequest } from "@/lib/contracts/tokenization";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { checkMerchantUrls, TRANSACTION_URL_FIELDS, urlsAt } from "../net/merchant-url-policy";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { checkShopRules } from "./shop-rules";

/**
 * A tokenization's body, `{ "request": { ... } }`, as the typed request `tokenizeCard` takes: the request's own
 * rules, the shop's and the deployment's merchant-URL policy, reported together in one 422.
 */
export function validateTokenization(
  deps: Pick<GatewayDeps, "config" | "clock">,
  body: unknown,
  shop: AuthenticatedShop,
): TokenizationRequest {
  const parsed = parseTokenizationRequest(body, { now: deps.clock.now() });
  const rawRequest =
    body !== null && typeof body === "object" ? (body as { request?: unknown }).request : undefined;
  const shopErrors = mergeErrorTrees(
    // A tokenization is always the shopper's: what the shop requires of a shopper applies.
    checkShopRules(rawRequest, shop, { merchantInitiated: false }),
    checkMerchantUrls(deps.config, urlsAt(rawRequest, TRANSACTION_URL_FIELDS)),
  );
  const errors: ErrorTree = parsed.ok ? shopErrors : mergeErrorTrees(parsed.errors, shopErrors);
  if (!parsed.ok || !isEmptyErrorTree(errors)) throw GatewayError.validation(errors);
  return parsed.value;
}
