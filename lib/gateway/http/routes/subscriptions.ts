import { type Context, Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { cancelByLink, readCancelLink } from "../../subscriptions/cancel-link";
import { openCardUpdate } from "../../subscriptions/card-update";
import { changePlan, validateChangePlan } from "../../subscriptions/change-plan";
import { createSubscription, validateSubscription } from "../../subscriptions/create-subscription";
import {
  advanceTestClock,
  cancelSubscription,
  getSubscription,
  listSubscriptions,
  validateCancel,
  validateTestClock,
} from "../../subscriptions/manage-subscription";
import { pauseSubscription, resumeSubscription, validatePause } from "../../subscriptions/pause";
import { createPlan, getPlan, listPlans, validatePlan } from "../../subscriptions/plans";
import { requireSubscriptionRow } from "../../subscriptions/require-subscription";
import { subscriptionCharges } from "../../subscriptions/subscription-charges";
import { subscriptionTimeline } from "../../subscriptions/timeline";
import type { GatewayEnv } from "../auth";
import { readJsonBody, readRawBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** A body that may be left out (a pause until resumed): none is an empty object; one that is sent must be JSON. */
async function readOptionalJsonBody(c: Context): Promise<unknown> {
  return (await readRawBody(c)).length === 0 ? {} : readJsonBody(c);
}

/** Plans and subscriptions (flat bodies, as bePaid's), scoped to the authenticated shop. */
export function subscriptionRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/plans", async (c) => {
    const request = validatePlan(await readJsonBody(c));
    const plan = await createPlan({ deps, shop: c.get("shop"), request });
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
    const request = validateSubscription(deps, await readJsonBody(c));
    const subscription = await createSubscription({ deps, shop: c.get("shop"), request });
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
        excludeStates: c.req.query("exclude_state")?.split(",").filter(Boolean) || undefined,
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

  routes.get("/subscriptions/:id/timeline", async (c) =>
    c.json(await subscriptionTimeline({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.get("/subscriptions/:id/charges", async (c) =>
    c.json(await subscriptionCharges({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  // A subscription's actions below find it before its body is validated: an unknown id is a 404 whatever the body.
  routes.post("/subscriptions/:id/cancel", async (c) => {
    const body = await readJsonBody(c);
    const subscription = await requireSubscriptionRow(deps, c.get("shop").id, c.req.param("id"));
    return c.json(await cancelSubscription({ deps, subscription, request: validateCancel(body) }));
  });

  routes.post("/subscriptions/:id/pause", async (c) => {
    const body = await readOptionalJsonBody(c);
    const subscription = await requireSubscriptionRow(deps, c.get("shop").id, c.req.param("id"));
    return c.json(await pauseSubscription({ deps, subscription, request: validatePause(body) }));
  });

  routes.post("/subscriptions/:id/resume", async (c) =>
    c.json(await resumeSubscription({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/subscriptions/:id/change_plan", async (c) => {
    const body = await readJsonBody(c);
    const subscription = await requireSubscriptionRow(deps, c.get("shop").id, c.req.param("id"));
    return c.json(await changePlan({ deps, subscription, request: validateChangePlan(body) }));
  });

  routes.post("/subscriptions/:id/test_clock", async (c) => {
    const body = await readJsonBody(c);
    const subscription = await requireSubscriptionRow(deps, c.get("shop").id, c.req.param("id"));
    return c.json(await advanceTestClock({ deps, subscription, request: validateTestClock(body) }));
  });

  return routes;
}

/**
 * The subscriber's links of a subscription, without credentials (the 256-bit token in the link is the capability):
 * "update your card" redirects to the hosted page; the cancel page reads and cancels through the gateway.
 */
export function subscriptionCardRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();
  routes.get("/subscription_cards/:token", async (c) =>
    c.redirect(await openCardUpdate(deps, c.req.param("token")), 303),
  );
  // The subscriber's cancel page (a page of the checkout app) reads and cancels through these, by the link's token.
  routes.get("/subscription_cancels/:token", async (c) =>
    c.json({ subscription: await readCancelLink(deps, c.req.param("token")) }),
  );
  routes.post("/subscription_cancels/:token", async (c) =>
    c.json({ subscription: await cancelByLink(deps, c.req.param("token")) }),
  );
  return routes;
}
