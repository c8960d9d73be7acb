import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { openPaymentLink } from "../../checkouts/open-payment-link";
import type { GatewayDeps } from "../../context";
import { createProduct, validateProduct } from "../../products/create-product";
import { getProduct } from "../../products/get-product";
import { listProducts } from "../../products/list-products";
import { linkPageSecurityPolicy, renderLinkPage } from "../../products/pages/render-link-page";
import { updateProduct, validateProductUpdate } from "../../products/update-product";
import { clientAddress, type GatewayEnv } from "../auth";
import { readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** bePaid's products API, scoped to the authenticated shop. */
export function productRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.post("/products", async (c) => {
    const request = validateProduct(deps, await readJsonBody(c));
    const product = await createProduct({ deps, shop: c.get("shop"), request });
    return c.json(product, 201);
  });

  routes.get("/products", async (c) => {
    const pagination = parsePagination(c.req.query());
    const { products, total } = await listProducts({ deps, shopId: c.get("shop").id, pagination });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(products);
  });

  routes.get("/products/:id", async (c) => {
    return c.json(await getProduct({ deps, shopId: c.get("shop").id, id: c.req.param("id") }));
  });

  routes.put("/products/:id", async (c) => {
    await updateProduct({
      deps,
      shopId: c.get("shop").id,
      id: c.req.param("id"),
      // Validated before the id is looked at: a bad body is a 422 whatever the id.
      request: validateProductUpdate(await readJsonBody(c)),
    });
    return c.body(null, 204);
  });

  return routes;
}

/**
 * The payment links themselves, for shoppers: no credentials (the product's random id is the capability). Each
 * visit opens a checkout session of the product and sends the browser to it (303); a link that sells no more shows
 * why, in the shopper's language.
 */
export function paymentLinkRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  const visit = async (c: Context<GatewayEnv>, productId: string, shopId?: number) => {
    const outcome = await openPaymentLink({
      deps,
      productId,
      shopId,
      lang: c.req.query("lang"),
      acceptLanguage: c.req.header("accept-language"),
      clientAddress: clientAddress(c, deps),
    });
    if (outcome.kind === "checkout") {
      return c.body(null, 303, { Location: outcome.redirectUrl, "Referrer-Policy": "no-referrer" });
    }
    const nonce = randomBytes(16).toString("base64");
    const headers: Record<string, string> = {
      "Content-Security-Policy": linkPageSecurityPolicy(nonce),
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "no-referrer",
      "Content-Language": outcome.language,
    };
    if (deps.config.publicUrl.startsWith("https:")) {
      headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
    }
    if (outcome.kind === "not_found") {
      return c.html(renderLinkPage({ reason: "not_found", language: outcome.language, nonce }), 404, headers);
    }
    if (outcome.kind === "busy") {
      const page = renderLinkPage({ reason: "busy", language: outcome.language, nonce });
      return c.html(page, 429, { ...headers, "Retry-After": String(outcome.retryAfterSeconds) });
    }
    const html = renderLinkPage({ ...outcome, nonce });
    // Sold out may change (the merchant adds stock): 409. Deactivated and expired links are gone: 410.
    return c.html(html, outcome.reason === "sold_out" ? 409 : 410, headers);
  };

  routes.get("/products/:id/pay", (c) => visit(c, c.req.param("id")));
  routes.get("/v2/confirm_order/:id/:shopId", (c) => {
    const shopId = Number(c.req.param("shopId"));
    return visit(c, c.req.param("id"), Number.isSafeInteger(shopId) && shopId > 0 ? shopId : -1);
  });

  return routes;
}
