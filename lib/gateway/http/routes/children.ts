import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { captureAuthorization } from "../../payments/capture-authorization";
import { refundPayment } from "../../payments/refund-payment";
import { voidAuthorization } from "../../payments/void-authorization";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";

/** Captures, voids and refunds: transactions acting on an earlier one (`parent_uid`). */
export function childTransactionRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();
  const operations = {
    captures: captureAuthorization,
    voids: voidAuthorization,
    refunds: refundPayment,
  } as const;
  for (const [path, operation] of Object.entries(operations)) {
    routes.post(`/transactions/${path}`, async (c) => {
      const transaction = await operation({ deps, shop: c.get("shop"), body: await readJsonBody(c) });
      return c.json({ transaction });
    });
    // Without this, GET /transactions/captures would be read as a query for a transaction of that uid.
    routes.on(["GET", "PUT", "PATCH", "DELETE"], `/transactions/${path}`, () => {
      throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
    });
  }
  return routes;
}
