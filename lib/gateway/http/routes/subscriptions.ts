import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { openCardUpdate } from "../../subscriptions/card-update";
import { createSubscription } from "../../subscriptions/create-subscription";
import {
  advanceTestClock,
  cancelSubscription,
  getSubscription,
  listSubscriptions,
} from "../../subscriptions/manage-subscription";
import { createPlan, getPlan, listPlans } from "../../subscriptions/plans";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** Plans and subscriptions (flat bodies, as bePaid's), scoped to the authenticated shop. */
export function subscriptionRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/plans", async (c) => {
    const plan = await createPlan({ deps, shop: c.get("shop"), body: await readJsonBody(c) });
    return c.json(plan, 201);
  });

  routes.get("/plans", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { plans, total } = await listPlans({ deps, shopId: c.get("shop").id, pagination });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(plans);
  });

  routes.get("/plans/:id", async (c) =>
    c.json(await getPlan({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/subscriptions", async (c) => {
    const subscription = await createSubscription({ deps, shop: c.get("shop"), body: await readJsonBody(c) });
    return c.json(subscription, 201);
  });

  routes.get("/subscriptions", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { subscriptions, total } = await listSubscriptions({
      deps,
      shopId: c.get("shop").id,
      filters: {
        state: c.req.query("state") || undefined,
        customerId: c.req.query("customer_id") || undefined,
        planId: c.req.query("plan_id") || undefined,
      },
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(subscriptions);
  });

  routes.get("/subscriptions/:id", async (c) =>
    c.json(await getSubscription({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/subscriptions/:id/cancel", async (c) => {
    const shopId = c.get("shop").id;
    return c.json(
      await cancelSubscription({ deps, shopId, id: c.req.param("id"), body: await readJsonBody(c) }),
    );
  });

  routes.post("/subscriptions/:id/test_clock", async (c) => {
    const shopId = c.get("shop").id;
    return c.json(
      await advanceTestClock({ deps, shopId, id: c.req.param("id"), body: await readJsonBody(c) }),
    );
  });

  return routes;
}

/**
 * The shopper's "update your card" link of a subscription: no credentials (the 256-bit token in the link is the
 * capability); redirects to the hosted page.
 */
export function subscriptionCardRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();
  routes.get("/subscription_cards/:token", async (c) =>
    c.redirect(await openCardUpdate(deps, c.req.param("token")), 303),
  );
  return routes;
}
