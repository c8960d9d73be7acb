import { randomBytes } from "node:crypto";
import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import {
  type CheckoutRequest,
  DEFAULT_CHECKOUT_LIFETIME_MS,
  parseCheckoutRequest,
} from "@/lib/contracts/checkout";
import { isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import { cards, checkouts } from "@/lib/db/schema";
import { shopCardWithToken } from "../cards/card-by-token";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { CHECKOUT_URL_FIELDS, checkMerchantUrls, urlsAt } from "../net/merchant-url-policy";
import { NO_ONECLICK_CONTRACT, PAYOUTS_ONLY } from "../payments/resolve-money-card";
import type { AuthenticatedShop } from "../shops/shop-directory";

export interface CreatedCheckout {
  token: string;
  redirect_url: string;
}

/** The hosted page of this deployment at its own path (its routes, e.g. the 3-D Secure return, live below it). */
export function checkoutPageUrl(deps: Pick<GatewayDeps, "config">, token: string): string {
  return `${deps.config.publicUrl}/checkout/${token}`;
}

/**
 * A session's `redirect_url`: the hosted page in beGateway's widget form, which beGateway's clients expect and
 * their widget frames (`&iframe=inline|overlay` appended); it opens the same page as `/checkout/{token}`.
 */
export function checkoutRedirectUrl(deps: Pick<GatewayDeps, "config">, token: string): string {
  return `${deps.config.publicUrl}/widget/hpp.html?token=${token}`;
}

/**
 * Why a stored card cannot pay a payment or authorization session, or null. The page always charges with the
 * security code the shopper types, so the token's contract must allow that (none, or `oneclick`); otherwise every
 * attempt would be refused and the session could only fail. Same sentences as the API's own refusals.
 */
function pageChargeRefusal(contract: readonly string[]): string | null {
  if (contract.length === 0 || contract.includes("oneclick")) return null;
  return contract.includes("recurring") ? NO_ONECLICK_CONTRACT : PAYOUTS_ONLY;
}

/**
 * POST /ctp/api/checkouts's body, `{"checkout": {...}}`, as the typed request `createCheckout` takes: its own rules
 * and the deployment's merchant-URL policy in one 422, then the ceiling on its amount. The gateway's own sessions (a
 * payment link's, a subscription's pages) are built as a merchant's body and validated here too.
 */
export function validateCheckout(
  deps: Pick<GatewayDeps, "config" | "clock">,
  body: unknown,
): CheckoutRequest {
  const parsed = parseCheckoutRequest(body, { now: deps.clock.now() });
  const rawCheckout = urlsAt(body, ["checkout"]).checkout;
  const urlErrors = checkMerchantUrls(deps.config, urlsAt(rawCheckout, CHECKOUT_URL_FIELDS));
  if (!parsed.ok) throw GatewayError.validation(mergeErrorTrees(parsed.errors, urlErrors));
  if (!isEmptyErrorTree(urlErrors)) throw GatewayError.validation(urlErrors);
  const checkout = parsed.value;
  const ceilingErrors = amountCeilingErrors(checkout.order.amount, checkout.order.currency);
  if (!isEmptyErrorTree(ceilingErrors)) throw GatewayError.validation({ checkout: { order: ceilingErrors } });
  return checkout;
}

/** POST /ctp/api/checkouts: stores the validated session; the token is the shopper's credential for it. */
export async function createCheckout(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "clock">;
  shop: AuthenticatedShop;
  request: CheckoutRequest;
  /** The product whose payment link opened the session: its payment attempts hold the product's stock. */
  productId?: string;
  /**
   * Every attempt of the session goes through 3-D Secure whatever the shop's setting: a subscription's pages, whose
   * card is then charged without the shopper. Set by the gateway itself, never from a merchant's request.
   */
  requireThreeDSecure?: boolean;
}): Promise<CreatedCheckout> {
  const { deps, shop, request: checkout } = options;
  const now = deps.clock.now();

  const savedCardToken = checkout.payment_method?.credit_card?.token;
  if (savedCardToken) {
    // A session may offer one of the shop's own stored cards, never another shop's.
    const [stored] = await deps.db
      .select({ token: cards.token, contract: cards.contract })
      .from(cards)
      .where(shopCardWithToken(savedCardToken, shop.id));
    if (!stored)
      throw GatewayError.validation({ payment_method: { credit_card: { token: [TOKEN_DOES_NOT_EXIST] } } });
    const refusal = checkout.transaction_type === "tokenization" ? null : pageChargeRefusal(stored.contract);
    if (refusal) throw GatewayError.validation({ payment_method: { credit_card: { token: [refusal] } } });
  }

  const token = randomBytes(32).toString("hex");
  const expiresAt = checkout.order.expired_at
    ? new Date(checkout.order.expired_at)
    : new Date(now.getTime() + DEFAULT_CHECKOUT_LIFETIME_MS);
  await deps.db.insert(checkouts).values({
    token,
    shopId: shop.id,
    // A test-mode shop's sessions are test sessions whatever the request says.
    test: shop.test || checkout.test,
    attempts: checkout.attempts,
    request: checkout,
    expiresAt,
    productId: options.productId ?? null,
    threeDSecureRequired: options.requireThreeDSecure ?? false,
    ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
  });
  return { token, redirect_url: checkoutRedirectUrl(deps, token) };
}
