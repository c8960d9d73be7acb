import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Customer } from "@/lib/contracts/customer";
import type { Pagination } from "@/lib/contracts/pagination";
import { customers } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { customerFromRow } from "./customer-view";

export interface CustomerFilters {
  /** Exact match, case-insensitive (mail systems treat addresses that way in practice). */
  email?: string;
  /** Exact match on the merchant's own id. */
  externalId?: string;
}

/** GET /customers: one page of the shop's customers, newest first, and how many match in all. */
export async function listCustomers(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  filters: CustomerFilters;
  pagination: Pagination;
}): Promise<{ customers: Customer[]; total: number }> {
  const { deps, shopId, filters, pagination } = options;
  // NUL cannot be stored (creates carrying it are refused), so a filter holding it matches nothing.
  if ([filters.email, filters.externalId].some((value) => value?.includes("\u0000"))) {
    return { customers: [], total: 0 };
  }
  const conditions: SQL[] = [eq(customers.shopId, shopId)];
  if (filters.email) conditions.push(sql`lower(${customers.email}) = lower(${filters.email})`);
  if (filters.externalId) conditions.push(eq(customers.externalId, filters.externalId));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(customers).where(where),
  ]);
  return { customers: rows.map(customerFromRow), total };
}
