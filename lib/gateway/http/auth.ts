import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { GatewayDeps } from "../context";
import { GatewayError, type GatewayErrorCode } from "../errors";
import type { RateLimiter, RateLimitRule } from "../rate-limit";
import type { AuthenticatedShop } from "../shops/shop-directory";

export type GatewayEnv = { Variables: { shop: AuthenticatedShop } };

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

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return "local";
  }
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
    const throttleKey = `auth-failure:${clientAddress(c)}`;
    const retryAfterSeconds = limiter.retryAfter(throttleKey);
    if (retryAfterSeconds > 0) throw new GatewayError("rate_limited", { retryAfterSeconds });
    const credentials = parseBasicAuthorization(c.req.header("authorization"));
    const shop = credentials ? await deps.shops.authenticate(credentials.user, credentials.password) : null;
    if (!shop) {
      const blockedFor = await limiter.hit(throttleKey, AUTH_FAILURE_LIMIT);
      if (blockedFor > 0) throw new GatewayError("rate_limited", { retryAfterSeconds: blockedFor });
      throw new GatewayError(failure);
    }
    c.set("shop", shop);
    await next();
  };
}
