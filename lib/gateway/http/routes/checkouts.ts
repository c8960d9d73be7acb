import { Hono } from "hono";
import { loadCheckoutSession, merchantCheckoutView } from "../../checkouts/checkout-session";
import { createCheckout, validateCheckout } from "../../checkouts/create-checkout";
import { listCheckouts } from "../../checkouts/list-checkouts";
import { cancelCheckout } from "../../checkouts/pay-through-checkout";
import { shopperCheckoutView } from "../../checkouts/shopper-views";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** Checkout sessions: created and listed by the merchant, read and canceled by the hosted page too. */
export function checkoutRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/ctp/api/checkouts", async (c) => {
    const request = validateCheckout(deps, await readJsonBody(c));
    const checkout = await createCheckout({ deps, shop: c.get("shop"), request });
    return c.json({ checkout }, 201);
  });

  routes.get("/ctp/api/checkouts", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { sessions, total } = await listCheckouts({ deps, shopId: c.get("shop").id, pagination });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json({ checkouts: sessions.map((session) => merchantCheckoutView(deps, session)) });
  });

  routes.get("/ctp/api/checkouts/:token", async (c) => {
    const shop = c.get("shop");
    const session = await loadCheckoutSession(deps, c.req.param("token"), shop.id);
    if (!session) throw new GatewayError("record_not_found");
    const checkout = c.get("checkoutToken")
      ? await shopperCheckoutView(deps, shop, session)
      : merchantCheckoutView(deps, session);
    return c.json({ checkout });
  });

  routes.post("/ctp/api/checkouts/:token/cancel", async (c) => {
    const shop = c.get("shop");
    const session = await cancelCheckout({ deps, shop, token: c.req.param("token") });
    const checkout = c.get("checkoutToken")
      ? await shopperCheckoutView(deps, shop, session)
      : merchantCheckoutView(deps, session);
    return c.json({ checkout });
  });

  return routes;
}
