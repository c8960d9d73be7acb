/**
 * Which request paths belong to the gateway. The API answers under `/gateway` and, because beGateway client
 * libraries join their paths to the host and drop any base path, at the origin's root too. Root requests are
 * rewritten to their `/gateway` form before the gateway sees them, so the gateway has one set of routes and one
 * set of rules whichever way a client calls it.
 */
export const GATEWAY_BASE_PATH = "/gateway";

/**
 * The API's top-level segments that also answer at the root. Shopper pages (`/process/…`), `/health` and
 * `/openapi.json` stay under `/gateway` only: nothing calls them at the root, and the checkout app keeps those
 * names free. No page of the checkout app may live under one of these (a test walks `app/` to keep it so).
 * `metrics` is the operator's: Prometheus scrapes `/metrics` by default.
 */
export const ROOT_API_SEGMENTS = [
  "transactions",
  "customers",
  "credit_cards",
  "ctp",
  "v2",
  "metrics",
  "products",
  "plans",
  "subscriptions",
  "disputes",
] as const;

function hasPrefix(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === "" || next === "/" || next === "?";
}

/**
 * The gateway path of a request's URL (path + query, as in `IncomingMessage.url`), or null when the request is
 * for the checkout app. `/gateway/…` is returned as it is; a root API path gets the base path in front.
 */
export function gatewayPathOf(url: string | undefined): string | null {
  if (!url) return null;
  if (hasPrefix(url, GATEWAY_BASE_PATH)) return url;
  for (const segment of ROOT_API_SEGMENTS) {
    if (hasPrefix(url, `/${segment}`)) return `${GATEWAY_BASE_PATH}${url}`;
  }
  return null;
}
