import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { openPlanLink } from "../../plan-links/open-plan-link";
import { linkPageSecurityPolicy, renderLinkPage } from "../../products/pages/render-link-page";
import { clientAddress, type GatewayEnv } from "../auth";

/**
 * A plan's pay_url, for shoppers: no credentials (the plan's random id is the capability). Each visit opens a
 * redirecting subscription's hosted page and sends the browser to it (303); an unknown plan is a 404 page in the
 * shopper's language, the one a payment link shows.
 */
export function planLinkRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/plans/:id/pay", async (c) => {
    const outcome = await openPlanLink({
      deps,
      planId: c.req.param("id"),
      clientAddress: clientAddress(c, deps),
      lang: c.req.query("lang"),
      acceptLanguage: c.req.header("accept-language"),
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
    if (outcome.kind === "busy") {
      headers["Retry-After"] = String(outcome.retryAfterSeconds);
      const page = renderLinkPage({ reason: "busy", language: outcome.language, nonce });
      return c.html(page, 429, headers);
    }
    return c.html(renderLinkPage({ reason: "not_found", language: outcome.language, nonce }), 404, headers);
  });

  return routes;
}
