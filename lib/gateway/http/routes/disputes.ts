import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import {
  acceptDispute,
  getDispute,
  listDisputes,
  parseDisputeFilters,
  submitEvidence,
} from "../../disputes/manage-dispute";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** Disputes of the authenticated shop's payments: read them, answer with evidence, or accept them. */
export function disputeRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/disputes", async (c) => {
    const query = c.req.query();
    const pagination = parsePagination(query);
    const { disputes, total } = await listDisputes({
      deps,
      shopId: c.get("shop").id,
      filters: parseDisputeFilters(query),
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(disputes);
  });

  routes.get("/disputes/:id", async (c) =>
    c.json(await getDispute({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/disputes/:id/evidence", async (c) =>
    c.json(
      await submitEvidence({
        deps,
        shopId: c.get("shop").id,
        id: c.req.param("id"),
        body: await readJsonBody(c),
      }),
    ),
  );

  routes.post("/disputes/:id/accept", async (c) =>
    c.json(await acceptDispute({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  return routes;
}
