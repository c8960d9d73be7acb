import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { type ErrorTree, isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { type PaymentRequest, parsePaymentRequest } from "@/lib/contracts/payment";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { checkMerchantUrls, TRANSACTION_URL_FIELDS, urlsAt } from "../net/merchant-url-policy";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { checkShopRules, isMerchantInitiatedRequest } from "../tokenization/shop-rules";

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
    checkShopRules(rawRequest, shop, { merchantInitiated: isMerchantInitiatedRequest(rawRequest) }),
    checkMerchantUrls(deps.config, urlsAt(rawRequest, TRANSACTION_URL_FIELDS)),
  );
  const errors: ErrorTree = parsed.ok
    ? mergeErrorTrees(amountCeilingErrors(parsed.value.amount, parsed.value.currency), shopErrors)
    : mergeErrorTrees(parsed.errors, shopErrors);
  if (!parsed.ok || !isEmptyErrorTree(errors)) throw GatewayError.validation(errors);
  return parsed.value;
}
