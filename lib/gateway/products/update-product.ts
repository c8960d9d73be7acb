import { and, eq, sql } from "drizzle-orm";
import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import {
  PRODUCT_ID_PATTERN,
  type ProductUpdateRequest,
  parseProductUpdateRequest,
} from "@/lib/contracts/product";
import { products } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";

/** PUT /products/{id}'s body as the typed request `updateProduct` takes, or its 422. */
export function validateProductUpdate(body: unknown): ProductUpdateRequest {
  const parsed = parseProductUpdateRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * PUT /products/{id}: a new price, new stock, or (Tessera) deactivation. One conditional statement, so it composes
 * with payments holding stock at the same moment: a new `quantity` is what is for sale from now on, beside any
 * units already held by payments in progress (a held unit that is not paid for comes back on top of it).
 */
export async function updateProduct(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  id: string;
  request: ProductUpdateRequest;
}): Promise<void> {
  const { deps, shopId, id, request } = options;
  if (!PRODUCT_ID_PATTERN.test(id)) throw new GatewayError("record_not_found");
  const changes: Partial<typeof products.$inferInsert> = {};
  if (request.amount !== undefined) {
    // A product's currency never changes: its price is held to that currency's ceiling on any one amount.
    const [product] = await deps.db
      .select({ currency: products.currency })
      .from(products)
      .where(and(eq(products.id, id), eq(products.shopId, shopId)));
    if (!product) throw new GatewayError("record_not_found");
    const ceilingErrors = amountCeilingErrors(request.amount, product.currency);
    if (Object.keys(ceilingErrors).length > 0) throw GatewayError.validation(ceilingErrors);
    changes.amount = request.amount;
  }
  if (request.infinite === true) {
    changes.infinite = true;
    changes.quantity = null;
  } else if (request.quantity !== undefined) {
    changes.infinite = false;
    changes.quantity = request.quantity;
  }
  if (request.active !== undefined) changes.active = request.active;
  const [updated] = await deps.db
    .update(products)
    .set({ ...changes, updatedAt: sql`${deps.clock.sqlNow()}` })
    .where(and(eq(products.id, id), eq(products.shopId, shopId)))
    .returning({ id: products.id });
  if (!updated) throw new GatewayError("record_not_found");
}
