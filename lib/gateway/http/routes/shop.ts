import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { rotateSecretKey } from "../../shops/rotate-secret-key";
import { getShopProfile } from "../../shops/shop-profile";
import { updateShopSettings } from "../../shops/update-shop-settings";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";

/** The authenticated shop's own record: what the admin area shows and lets the merchant change. */
export function shopRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();
  // Every answer carries secrets (the webhook secret, a new secret key): no cache may keep them.
  routes.use("/shop/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  routes.get("/shop", async (c) => {
    const shop = await getShopProfile({ deps, shopId: c.get("shop").id });
    return c.json({ shop });
  });

  routes.patch("/shop", async (c) => {
    const shop = await updateShopSettings({ deps, shopId: c.get("shop").id, body: await readJsonBody(c) });
    return c.json({ shop });
  });

  // No body: the new key is generated here, never chosen by the client.
  routes.post("/shop/secret_key", async (c) => {
    const secretKey = await rotateSecretKey({ deps, shopId: c.get("shop").id });
    return c.json({ secret_key: secretKey });
  });

  return routes;
}
