import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { createCustomer, validateCustomer } from "../../customers/create-customer";
import { getCustomer } from "../../customers/get-customer";
import { listCustomers } from "../../customers/list-customers";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** The spec's customer records, scoped to the authenticated shop. */
export function customerRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/customers", async (c) => {
    const request = validateCustomer(await readJsonBody(c));
    const customer = await createCustomer({ deps, shopId: c.get("shop").id, request });
    return c.json(customer, 201);
  });

  routes.get("/customers", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { customers, total } = await listCustomers({
      deps,
      shopId: c.get("shop").id,
      filters: {
        email: c.req.query("email") || undefined,
        externalId: c.req.query("external_id") || undefined,
      },
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(customers);
  });

  routes.get("/customers/:id", async (c) => {
    const customer = await getCustomer({ deps, shopId: c.get("shop").id, id: c.req.param("id") });
    return c.json(customer);
  });

  return routes;
}
