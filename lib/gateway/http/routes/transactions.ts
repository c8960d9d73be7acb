import { type Context, Hono } from "hono";
import { readPageRequest } from "../../checkouts/attempt-request";
import { checkoutHasTransaction } from "../../checkouts/checkout-session";
import { payThroughCheckout } from "../../checkouts/pay-through-checkout";
import { shopperTransactionView } from "../../checkouts/shopper-views";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { tokenizeCard } from "../../tokenization/tokenize-card";
import { validateTokenization } from "../../tokenization/validate-tokenization";
import { enforceTokenizationVelocity } from "../../tokenization/velocity";
import { findTransactionsByTrackingId } from "../../transactions/find-by-tracking-id";
import { getTransaction } from "../../transactions/get-transaction";
import { listTransactions, parseTransactionFilters } from "../../transactions/list-transactions";
import { clientAddress, type GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

export function transactionRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/transactions/tokenizations", async (c) => {
    const body = await readJsonBody(c);
    const shop = c.get("shop");
    const checkoutToken = c.get("checkoutToken");
    const address = clientAddress(c, deps);
    await enforceTokenizationVelocity({
      deps,
      shop,
      clientAddress: address,
      viaHostedPage: checkoutToken !== undefined,
    });
    if (checkoutToken) {
      const transaction = await payThroughCheckout({
        deps,
        shop,
        token: checkoutToken,
        pageRequest: readPageRequest(body),
        clientAddress: address,
      });
      return c.json({ transaction: shopperTransactionView(transaction) });
    }
    const transaction = await tokenizeCard({ deps, shop, request: validateTokenization(deps, body, shop) });
    return c.json({ transaction });
  });
  // Without this, GET /transactions/tokenizations would be read as a query for a transaction of that uid.
  routes.on(["GET", "PUT", "PATCH", "DELETE"], "/transactions/tokenizations", () => {
    throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
  });

  routes.get("/transactions", async (c) => {
    const query = c.req.query();
    const pagination = parsePagination(query);
    const filters = parseTransactionFilters(query);
    const { transactions, total } = await listTransactions({
      deps,
      shopId: c.get("shop").id,
      filters,
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json({ transactions });
  });

  const byTrackingId = async (c: Context<GatewayEnv>) => {
    const transactions = await findTransactionsByTrackingId({
      deps,
      shopId: c.get("shop").id,
      trackingId: c.req.param("trackingId") ?? "",
    });
    return c.json({ transactions });
  };
  routes.get("/v2/transactions/tracking_id/:trackingId", byTrackingId);
  routes.get("/transactions/tracking_id/:trackingId", byTrackingId);

  routes.get("/transactions/:uid", async (c) => {
    const uid = c.req.param("uid");
    const checkoutToken = c.get("checkoutToken");
    // The hosted page may read its own session's transactions, no other, and only as the shopper sees them.
    if (checkoutToken && !(await checkoutHasTransaction(deps, checkoutToken, uid))) {
      throw new GatewayError("record_not_found");
    }
    const transaction = await getTransaction({ deps, shopId: c.get("shop").id, uid });
    return c.json({ transaction: checkoutToken ? shopperTransactionView(transaction) : transaction });
  });

  return routes;
}
