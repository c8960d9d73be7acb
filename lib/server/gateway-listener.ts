import { getRequestListener } from "@hono/node-server";

type FetchHandler = Parameters<typeof getRequestListener>[0];

/**
 * The Node request listener for the gateway app. An HTTP/1.0 request may come without a `Host` header: HAProxy's
 * plain `option httpchk GET /gateway/health/ready` sends the request line and nothing else. Node takes it (it
 * refuses only HTTP/1.1 without `Host`), but the adapter needs a host to build the request's URL and answered 400;
 * such a request is read as addressed to the gateway's own public host instead.
 */
export function gatewayRequestListener(
  fetch: FetchHandler,
  gatewayPublicUrl: string,
  options: { overrideGlobalObjects?: boolean } = {},
) {
  return getRequestListener(fetch, { hostname: new URL(gatewayPublicUrl).host, ...options });
}
