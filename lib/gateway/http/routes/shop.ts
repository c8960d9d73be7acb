import { Hono } from "hono";
import { ADMIN_SESSION_HEADER } from "@/lib/contracts/merchant";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { endAdminSession } from "../../shops/end-admin-session";
import { rotateSecretKey } from "../../shops/rotate-secret-key";
import { getShopProfile } from "../../shops/shop-profile";
import { startAdminSession } from "../../shops/start-admin-session";
import { updateShopSettings, validateShopSettingsPatch } from "../../shops/update-shop-settings";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { requestHeader } from "../headers";

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
    const patch = validateShopSettingsPatch(await readJsonBody(c));
    const shop = await updateShopSettings({ deps, shopId: c.get("shop").id, patch });
    return c.json({ shop });
  });

  // No body: the new key is generated here, never chosen by the client.
  routes.post("/shop/secret_key", async (c) => {
    const secretKey = await rotateSecretKey({ deps, shopId: c.get("shop").id });
    return c.json({ secret_key: secretKey });
  });

  // The admin area's sign-in and sign-out (see ADMIN_SESSION_HEADER): sessions the server can end.
  routes.post("/shop/sessions", async (c) => {
    const session = await startAdminSession({ deps, shopId: c.get("shop").id });
    return c.json({ session }, 201);
  });

  // Only a live session gets here (shopAuth checked the header), so ending it is always this shop's own.
  routes.delete("/shop/sessions/current", async (c) => {
    const sessionId = requestHeader(c, ADMIN_SESSION_HEADER);
    if (sessionId === undefined) {
      throw GatewayError.validation({ base: [`The ${ADMIN_SESSION_HEADER} header names no session`] });
    }
    await endAdminSession({ deps, shopId: c.get("shop").id, sessionId });
    return c.body(null, 204);
  });

  return routes;
}
