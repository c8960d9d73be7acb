import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { createPayment } from "../../payments/create-payment";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";

/** Money movement that starts from a card: payments, authorizations. */
export function paymentRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  for (const [path, type] of [
    ["/transactions/payments", "payment"],
    ["/transactions/authorizations", "authorization"],
  ] as const) {
    routes.post(path, async (c) => {
      const transaction = await createPayment({
        deps,
        shop: c.get("shop"),
        body: await readJsonBody(c),
        type,
      });
      return c.json({ transaction });
    });
    // Without this, a GET would be read as a query for a transaction of that uid.
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, () => {
      throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
    });
  }

  return routes;
}
