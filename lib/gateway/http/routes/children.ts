import { Hono } from "hono";
import type { GatewayDeps } from "../../context";
import { GatewayError } from "../../errors";
import { createChildTransaction, validateChildRequest } from "../../payments/create-child-transaction";
import type { GatewayEnv } from "../auth";
import { readJsonBody } from "../body";

/** Each child transaction's type by its path. */
const CHILD_TYPES = { captures: "capture", voids: "void", refunds: "refund" } as const;

/** Captures, voids and refunds: transactions acting on an earlier one (`parent_uid`). */
export function childTransactionRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();
  for (const [path, type] of Object.entries(CHILD_TYPES)) {
    routes.post(`/transactions/${path}`, async (c) => {
      const request = validateChildRequest(type, await readJsonBody(c));
      const transaction = await createChildTransaction({ deps, shop: c.get("shop"), type, request });
      return c.json({ transaction });
    });
    // Without this, GET /transactions/captures would be read as a query for a transaction of that uid.
    routes.on(["GET", "PUT", "PATCH", "DELETE"], `/transactions/${path}`, () => {
      throw new GatewayError("method_not_allowed", { allowedMethods: ["POST"] });
    });
  }
  return routes;
}
