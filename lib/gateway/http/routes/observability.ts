import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { checkReadiness } from "../../observability/health";
import { hasMetricsToken } from "../../observability/metrics-access";
import { requestHeader } from "../headers";

/**
 * `/metrics` (Prometheus text) on the main port, only with `Authorization: Bearer $METRICS_TOKEN`: without a token
 * configured it does not exist here (404; `METRICS_PORT` may serve it on loopback instead), and a request without
 * the right token is 401. `/health/live` and `/health/ready` for load balancers and orchestrators; no credentials.
 */
export function observabilityRoutes(deps: GatewayDeps) {
  const routes = new Hono();
  const token = deps.config.metricsToken;

  routes.get("/metrics", async (c) => {
    if (token === null) throw new GatewayError("not_found");
    if (!hasMetricsToken(requestHeader(c, "authorization"), token)) {
      return c.json({ message: "Access denied" }, 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const { contentType, body } = await deps.metrics.render((error) =>
      deps.logger.warn({ err: error }, "metrics: a figure could not be read"),
    );
    return c.body(body, 200, { "Content-Type": contentType });
  });

  routes.get("/health/live", (c) => c.json({ status: "ok" }));

  routes.get("/health/ready", async (c) => {
    const readiness = await checkReadiness(deps);
    return readiness.ready
      ? c.json({ status: "ok" })
      : c.json({ status: "unavailable", reason: readiness.reason }, 503);
  });

  return routes;
}
