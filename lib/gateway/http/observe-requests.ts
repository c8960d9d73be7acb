import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/server/request-id";
import type { GatewayMetrics } from "../observability/metrics";
import { tracingEnabled, withRequestSpan } from "../observability/tracing";
import { requestHeader } from "./headers";

/** The route label of a request that matched no route (404s, and 405s answered before routing). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The pattern of the handler that answered (e.g. `/gateway/transactions/:uid`), never the path itself: paths hold
 * uids, tracking ids and checkout tokens, and one series per path would grow without bound. Middleware is
 * registered for every method (`ALL`), handlers for their own.
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    if (routes[i].method !== "ALL") return routes[i].path;
  }
  return UNMATCHED_ROUTE;
}

/**
 * First of the gateway's middleware: names the request (`X-Request-Id`, and every log line written for it), opens
 * its trace span when tracing is on, and counts and times its answer by route, method and status.
 */
export function observeRequests(metrics: GatewayMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(requestHeader(c, "x-request-id"));
    // Without tracing, nothing but the request id wraps the rest: this runs on every request.
    const run = tracingEnabled()
      ? () =>
          withRequestSpan(
            {
              method: c.req.method,
              traceparent: requestHeader(c, "traceparent"),
              tracestate: requestHeader(c, "tracestate"),
            },
            async (span) => {
              try {
                await next();
              } finally {
                span?.finish(routeOf(c), c.res.status);
              }
            },
          )
      : next;
    await runWithRequestId(requestId, run);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const { status } = c.res;
    metrics.request(routeOf(c), c.req.method, status, (performance.now() - started) / 1000);
  };
}
