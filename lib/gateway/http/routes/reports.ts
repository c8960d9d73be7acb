import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { buildDailyReport, parseReportMode, parseReportRange } from "../../reports/daily-report";
import { buildSubscriptionReport } from "../../reports/subscription-report";
import type { GatewayEnv } from "../auth";

export function reportRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/reports/daily", async (c) => {
    const query = c.req.query();
    const range = parseReportRange(query, deps.clock.now());
    const shop = c.get("shop");
    const test = parseReportMode(query, shop);
    return c.json(await buildDailyReport({ deps, shopId: shop.id, range, test }));
  });

  routes.get("/reports/subscriptions", async (c) => {
    const shop = c.get("shop");
    const test = parseReportMode(c.req.query(), shop);
    return c.json(await buildSubscriptionReport({ deps, shopId: shop.id, test }));
  });

  return routes;
}
