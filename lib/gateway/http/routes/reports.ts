import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { buildDailyReport, parseReportRange } from "../../reports/daily-report";
import type { GatewayEnv } from "../auth";

export function reportRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/reports/daily", async (c) => {
    const range = parseReportRange(c.req.query(), deps.clock.now());
    return c.json(await buildDailyReport({ deps, shopId: c.get("shop").id, range }));
  });

  return routes;
}
