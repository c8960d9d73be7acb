import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { listNotifications } from "../../notifications/list-notifications";
import { resendNotification } from "../../notifications/resend-notification";
import type { GatewayEnv } from "../auth";

/** The merchant's view of a transaction's webhooks: deliveries with their attempts, and re-sending. */
export function notificationRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/transactions/:uid/notifications", async (c) => {
    const notifications = await listNotifications({
      deps,
      shopId: c.get("shop").id,
      uid: c.req.param("uid"),
    });
    return c.json({ notifications });
  });

  routes.post("/transactions/:uid/notifications/resend", async (c) => {
    const { notification, queued } = await resendNotification({
      deps,
      shopId: c.get("shop").id,
      uid: c.req.param("uid"),
    });
    return c.json({ notification }, queued ? 201 : 200);
  });

  return routes;
}
