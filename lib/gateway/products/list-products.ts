import { count, desc, eq } from "drizzle-orm";
import type { Pagination } from "@/lib/contracts/pagination";
import type { Product } from "@/lib/contracts/product";
import { products } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { productFromRow } from "./product-view";

/** GET /products: one page of the shop's products, newest first, and how many there are in all. */
export async function listProducts(options: {
  deps: Pick<GatewayDeps, "config" | "db">;
  shopId: number;
  pagination: Pagination;
}): Promise<{ products: Product[]; total: number }> {
  const { deps, shopId, pagination } = options;
  const where = eq(products.shopId, shopId);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  return { products: rows.map((row) => productFromRow(deps, row)), total };
}
