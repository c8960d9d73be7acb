import { and, eq } from "drizzle-orm";
import { CUSTOMER_ID_PATTERN, type Customer } from "@/lib/contracts/customer";
import { customers } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { customerFromRow } from "./customer-view";

/** One of the shop's customers; another shop's id is indistinguishable from an unknown one. */
export async function getCustomer(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
}): Promise<Customer> {
  // An id of the wrong form cannot exist and need not reach the database.
  if (!CUSTOMER_ID_PATTERN.test(options.id)) throw new GatewayError("record_not_found");
  const [row] = await options.deps.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, options.id), eq(customers.shopId, options.shopId)));
  if (!row) throw new GatewayError("record_not_found");
  return customerFromRow(row);
}
