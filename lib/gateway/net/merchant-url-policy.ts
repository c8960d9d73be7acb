import { addError, type ErrorTree } from "@/lib/contracts/errors";
import type { Config } from "@/lib/server/config";

export const MUST_BE_HTTPS = "must be https";

/** The URL fields of a tokenization request (and of any request that moves money) that point at the merchant. */
export const TRANSACTION_URL_FIELDS = ["notification_url", "verification_url", "return_url"] as const;

/** A checkout session's URLs, where its shopper is sent and its webhooks go. */
export const CHECKOUT_URL_FIELDS = [
  "settings.success_url",
  "settings.decline_url",
  "settings.fail_url",
  "settings.cancel_url",
  "settings.return_url",
  "settings.notification_url",
  "settings.verification_url",
] as const;

/** The values at `paths` (dotted) of a raw request object, keyed by path, for `checkMerchantUrls`. */
export function urlsAt(source: unknown, paths: readonly string[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    let current = source;
    for (const key of path.split(".")) {
      current =
        current !== null && typeof current === "object"
          ? (current as Record<string, unknown>)[key]
          : undefined;
    }
    found[path] = current;
  }
  return found;
}

/**
 * Merchant URLs must be https unless the operator allows plain http (`ALLOW_HTTP_URLS`, or `ALLOW_PRIVATE_URLS`,
 * which is for local testing): webhooks and verification requests carry the shop's secret key in `Authorization`,
 * and the shopper's return carries the transaction's uid and status. URLs on this deployment's own origin are
 * its own business (the hosted page's return route). `urls` maps a dotted field path to the value sent; anything
 * that is not an http URL is left to the request's schema. Answers the errors, empty when every URL may be used.
 */
export function checkMerchantUrls(
  config: Pick<Config, "allowHttpUrls" | "publicUrl">,
  urls: Record<string, unknown>,
): ErrorTree {
  const errors: ErrorTree = {};
  if (config.allowHttpUrls) return errors;
  const ownOrigin = new URL(config.publicUrl).origin;
  for (const [path, value] of Object.entries(urls)) {
    if (typeof value !== "string" || !URL.canParse(value)) continue;
    const url = new URL(value);
    if (url.protocol === "http:" && url.origin !== ownOrigin)
      addError(errors, path.split("."), MUST_BE_HTTPS);
  }
  return errors;
}
