import { throttleAddress } from "@/lib/server/client-address";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { RateLimitRule } from "../rate-limit";
import type { AuthenticatedShop } from "../shops/shop-directory";

/** The window of the per-address limit on hosted-page payment attempts. */
export const CHECKOUT_ATTEMPT_WINDOW_SECONDS = 600;

async function count(
  deps: Pick<GatewayDeps, "rateLimiter">,
  key: string,
  rule: RateLimitRule,
  name: "checkout_attempts_per_address" | "shop_velocity",
): Promise<void> {
  const limiter = deps.rateLimiter;
  const waiting = limiter.retryAfter(key);
  if (waiting > 0) throw new GatewayError("rate_limited", { retryAfterSeconds: waiting, rule: name });
  const blockedFor = await limiter.hit(key, rule);
  if (blockedFor > 0) throw new GatewayError("rate_limited", { retryAfterSeconds: blockedFor, rule: name });
}

/**
 * Card-testing defence (DESIGN §4), checked before a tokenization is looked at, so a refused request costs no
 * card work: hosted-page attempts per client address (a shopper's address: card testers run many cards from one
 * place, across sessions, which the per-session attempt limit does not see), and the shop's own limit on its
 * tokenizations per minute. Counted in the database, so every instance enforces the same limits. A request
 * over a limit gets `429` with `Retry-After`.
 */
export async function enforceTokenizationVelocity(options: {
  deps: Pick<GatewayDeps, "config" | "rateLimiter">;
  shop: AuthenticatedShop;
  clientAddress: string;
  viaHostedPage: boolean;
}): Promise<void> {
  const { deps, shop } = options;
  const perAddress = deps.config.checkoutAttemptsPerAddress;
  if (options.viaHostedPage && perAddress > 0) {
    await count(
      deps,
      `velocity:address:${throttleAddress(options.clientAddress)}`,
      {
        limit: perAddress,
        windowSeconds: CHECKOUT_ATTEMPT_WINDOW_SECONDS,
      },
      "checkout_attempts_per_address",
    );
  }
  const perMinute = shop.settings.velocity_limit_per_minute;
  if (perMinute !== null) {
    await count(deps, `velocity:shop:${shop.id}`, { limit: perMinute, windowSeconds: 60 }, "shop_velocity");
  }
}
