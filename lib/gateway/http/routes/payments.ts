import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { saveCardToken, validateCardToken } from "../../card-tokens/save-card-token";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { createCredit, validateCredit } from "../../payments/create-credit";
import { createPayment } from "../../payments/create-payment";
import { validatePayment } from "../../payments/validate-payment";
import { getReceipt } from "../../receipts/get-receipt";
import { renderReceipt, renderReceiptNotFound } from "../../receipts/render-receipt";
import { enforceTokenizationVelocity } from "../../tokenization/velocity";
import { clientAddress, type GatewayEnv } from "../auth";
import { readJsonBody } from "../body";

/** Money movement that starts from a card (payments, authorizations, payouts), and the card tokens API. */
export function paymentRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  for (const [path, type] of [
    ["/transactions/payments", "payment"],
    ["/transactions/authorizations", "authorization"],
  ] as const) {
    routes.post(path, async (c) => {
      const body = await readJsonBody(c);
      const shop = c.get("shop");
      // The shop's card-testing limit counts every charge attempt with its tokenizations.
      await enforceTokenizationVelocity({
        deps,
        shop,
        clientAddress: clientAddress(c, deps),
        viaHostedPage: false,
      });
      const request = validatePayment(deps, body, shop);
      const transaction = await createPayment({ deps, shop, request, type });
      return c.json({ transaction });
    });
    // Without this, a GET would be read as a query for a transaction of that uid.
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, () => {
      throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
    });
  }

  routes.post("/transactions/credits", async (c) => {
    const body = await readJsonBody(c);
    const shop = c.get("shop");
    // Payouts count in the shop's velocity limit with its charges and tokenizations.
    await enforceTokenizationVelocity({
      deps,
      shop,
      clientAddress: clientAddress(c, deps),
      viaHostedPage: false,
    });
    const transaction = await createCredit({ deps, shop, request: validateCredit(deps, body) });
    return c.json({ transaction });
  });
  routes.on(["GET", "PUT", "PATCH", "DELETE"], "/transactions/credits", () => {
    throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
  });

  // The card tokens API, in the forms the beGateway clients call it.
  const saveCard = (pathToken?: string) => async (c: Context<GatewayEnv>) => {
    const request = validateCardToken(deps, await readJsonBody(c), pathToken);
    const card = await saveCardToken({ deps, shop: c.get("shop"), request });
    return c.json(card);
  };
  routes.post("/credit_cards", (c) => saveCard()(c));
  routes.post("/v2/credit_cards", (c) => saveCard()(c));
  routes.post("/credit_cards/:token", (c) => saveCard(c.req.param("token"))(c));
  routes.put("/v2/credit_cards/:token", (c) => saveCard(c.req.param("token"))(c));

  // `receipt_url`: the shopper's page, no credentials (the random uid is the capability), never cached or framed;
  // in the transaction's language, or the browser's when there is no such receipt.
  routes.get("/process/:uid/receipt", async (c) => {
    const receipt = await getReceipt({ deps, uid: c.req.param("uid") });
    const nonce = randomBytes(16).toString("base64");
    const headers = {
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
    };
    if (!receipt) return c.html(renderReceiptNotFound(nonce, c.req.header("accept-language")), 404, headers);
    return c.html(renderReceipt(receipt, nonce), 200, headers);
  });

  return routes;
}
