import { throttleAddress } from "@/lib/server/client-address";
import type { Config } from "@/lib/server/config";
import type { RefusalRule } from "./errors";
import type { RateLimiter } from "./rate-limit";

/**
 * Links anyone may open (a product's payment link, a plan's subscription link) write a row at each visit: a
 * checkout session, a subscription waiting for its card. Past `LINK_OPENS_PER_ADDRESS` visits (30 by default) from
 * one client address in ten minutes, across every link and instance, a visit writes nothing and is answered `429`:
 * a shopper reopening a link a few times never meets it, a script filling the database does at once.
 */
export const LINK_OPENS_WINDOW_SECONDS = 10 * 60;

/** Seconds the visitor at `clientAddress` must wait before opening another link, or 0 to go ahead (counted). */
export async function linkOpenRetryAfter(
  deps: {
    rateLimiter: RateLimiter;
    /** The gateway's metrics (`GatewayMetrics`), of which only the count of refusals. */
    metrics: { refused(rule: RefusalRule): void };
    config: Pick<Config, "linkOpensPerAddress">;
  },
  clientAddress: string,
): Promise<number> {
  const limit = deps.config.linkOpensPerAddress;
  if (limit === 0) return 0;
  const key = `link-opens:${throttleAddress(clientAddress)}`;
  const waiting =
    deps.rateLimiter.retryAfter(key) ||
    (await deps.rateLimiter.hit(key, {
      limit,
      windowSeconds: LINK_OPENS_WINDOW_SECONDS,
    }));
  if (waiting > 0) deps.metrics.refused("link_opens_per_address");
  return waiting;
}
