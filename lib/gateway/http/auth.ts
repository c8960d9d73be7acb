import type { Context, MiddlewareHandler } from "hono";
import { ADMIN_SESSION_HEADER } from "@/lib/contracts/merchant";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { resolveClientAddress, throttleAddress } from "@/lib/server/client-address";
import { findCheckoutShopId } from "../checkouts/checkout-session";
import type { GatewayDeps } from "../context";
import { GatewayError, type GatewayErrorCode } from "../errors";
import type { RateLimiter, RateLimitRule } from "../rate-limit";
import { isAdminSessionLive } from "../shops/find-admin-session";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { nodeRequest, requestHeader } from "./headers";

export type GatewayEnv = {
  Variables: {
    shop: AuthenticatedShop;
    /** Set when the request authenticated with a checkout session token (the hosted page), not shop credentials. */
    checkoutToken?: string;
  };
};

export const AUTH_FAILURE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 };

function parseBasicAuthorization(header: string | undefined): { user: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator < 0) return null;
  return { user: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** The client's address, through trusted proxies (the checkout app forwards its shopper's or merchant's). */
export function clientAddress(c: Context, deps: Pick<GatewayDeps, "config">): string {
  const incoming = nodeRequest(c);
  // Requests made in-process (app.request in tests) have no socket.
  const socketAddress = incoming ? incoming.socket.remoteAddress : "local";
  return resolveClientAddress({
    socketAddress,
    forwardedFor: requestHeader(c, "x-forwarded-for"),
    trustedProxies: deps.config.trustedProxies,
  });
}

/**
 * HTTP Basic authentication with the shop id and secret key. Failures are counted per client address in the
 * database; past the limit the client gets 429 until the window ends, whatever credentials it sends.
 */
export function shopAuth(
  deps: GatewayDeps,
  limiter: RateLimiter,
  failure: GatewayErrorCode = "access_denied",
): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    if (c.get("checkoutToken")) return next();
    const throttleKey = `auth-failure:${throttleAddress(clientAddress(c, deps))}`;
    const retryAfterSeconds = limiter.retryAfter(throttleKey);
    if (retryAfterSeconds > 0)
      throw new GatewayError("rate_limited", { retryAfterSeconds, rule: "authentication_failures" });
    const credentials = parseBasicAuthorization(requestHeader(c, "authorization"));
    const shop = credentials ? await deps.shops.authenticate(credentials.user, credentials.password) : null;
    if (!shop) {
      const blockedFor = await limiter.hit(throttleKey, AUTH_FAILURE_LIMIT);
      if (blockedFor > 0)
        throw new GatewayError("rate_limited", {
          retryAfterSeconds: blockedFor,
          rule: "authentication_failures",
        });
      throw new GatewayError(failure);
    }
    // The admin area names its sign-in: a cookie replayed after sign-out or a key rotation holds valid credentials
    // (sealed in it), so the session itself must still be live. Not counted as a failure: an ended session is no
    // guess, and its tabs still polling must not lock the merchant out of signing in again.
    const adminSession = requestHeader(c, ADMIN_SESSION_HEADER);
    if (
      adminSession !== undefined &&
      !(await isAdminSessionLive({ deps, shopId: shop.id, sessionId: adminSession }))
    ) {
      throw new GatewayError(failure);
    }
    c.set("shop", shop);
    await next();
  };
}

/**
 * What a checkout session token may do, and nothing more: pay (tokenize) within its session, read that session
 * and its transactions, cancel it. The token's own session is checked by the handlers; here, only the route.
 */
function checkoutTokenMayCall(method: string, path: string, token: string): boolean {
  const route = path.replace(/^\/gateway/, "");
  if (method === "POST" && route === "/transactions/tokenizations") return true;
  if (
    method === "GET" &&
    route.startsWith("/transactions/") &&
    isTransactionUid(route.slice("/transactions/".length))
  )
    return true;
  if (method === "GET" && route === `/ctp/api/checkouts/${token}`) return true;
  return method === "POST" && route === `/ctp/api/checkouts/${token}/cancel`;
}

/**
 * `Authorization: Bearer <checkout token>`: the hosted payment page acting for one checkout session. Requests
 * with other credentials pass through to `shopAuth`.
 */
export function checkoutTokenAuth(deps: GatewayDeps, limiter: RateLimiter): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(requestHeader(c, "authorization") ?? "");
    if (!match) return next();
    const token = match[1];
    const throttleKey = `auth-failure:${throttleAddress(clientAddress(c, deps))}`;
    const retryAfterSeconds = limiter.retryAfter(throttleKey);
    if (retryAfterSeconds > 0)
      throw new GatewayError("rate_limited", { retryAfterSeconds, rule: "authentication_failures" });
    const shopId = checkoutTokenMayCall(c.req.method, c.req.path, token)
      ? await findCheckoutShopId(deps, token)
      : null;
    const shop = shopId === null ? null : await deps.shops.get(shopId);
    if (!shop) {
      const blockedFor = await limiter.hit(throttleKey, AUTH_FAILURE_LIMIT);
      if (blockedFor > 0)
        throw new GatewayError("rate_limited", {
          retryAfterSeconds: blockedFor,
          rule: "authentication_failures",
        });
      throw new GatewayError("access_denied");
    }
    c.set("shop", shop);
    c.set("checkoutToken", token);
    await next();
  };
}
