import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { getShopperEmail } from "../../emails/get-shopper-email";
import { listShopperEmails } from "../../emails/list-shopper-emails";
import { resendShopperEmail } from "../../emails/resend-shopper-email";
import type { GatewayEnv } from "../auth";
import { paginationLinks, parsePagination } from "../pagination";

/** The merchant's view of the e-mails sent to its shoppers (the admin's E-mails page), and re-sending one. */
export function shopperEmailRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/emails", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { emails, total } = await listShopperEmails({
      deps,
      shopId: c.get("shop").id,
      filters: { transactionUid: c.req.query("transaction_uid") || undefined },
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(emails);
  });

  routes.get("/emails/:id", async (c) => {
    const email = await getShopperEmail({ deps, shopId: c.get("shop").id, id: c.req.param("id") });
    return c.json({ email });
  });

  routes.post("/emails/:id/resend", async (c) => {
    const email = await resendShopperEmail({ deps, shopId: c.get("shop").id, id: c.req.param("id") });
    return c.json({ email });
  });

  return routes;
}
