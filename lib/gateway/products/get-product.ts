import { and, eq } from "drizzle-orm";
import { PRODUCT_ID_PATTERN, type Product } from "@/lib/contracts/product";
import { type ProductRow, products } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { productFromRow } from "./product-view";

/** One product row, scoped to `shopId` when given; null when there is none. */
export async function findProductRow(
  deps: Pick<GatewayDeps, "db">,
  id: string,
  shopId?: number,
): Promise<ProductRow | null> {
  // An id of the wrong form cannot exist and need not reach the database.
  if (!PRODUCT_ID_PATTERN.test(id)) return null;
  const condition =
    shopId === undefined ? eq(products.id, id) : and(eq(products.id, id), eq(products.shopId, shopId));
  const [row] = await deps.db.select().from(products).where(condition);
  return row ?? null;
}

/** One of the shop's products; another shop's id is indistinguishable from an unknown one. */
export async function getProduct(options: {
  deps: Pick<GatewayDeps, "config" | "db">;
  shopId: number;
  id: string;
}): Promise<Product> {
  const row = await findProductRow(options.deps, options.id, options.shopId);
  if (!row) throw new GatewayError("record_not_found");
  return productFromRow(options.deps, row);
}
