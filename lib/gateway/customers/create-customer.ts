import { randomBytes } from "node:crypto";
import {
  type Customer,
  type CustomerCreateRequest,
  EXTERNAL_ID_TAKEN,
  parseCustomerCreateRequest,
} from "@/lib/contracts/customer";
import { customers } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { customerFromRow } from "./customer-view";

/** `cst_` + 16 hex characters (64 random bits). */
export function generateCustomerId(): string {
  return `cst_${randomBytes(8).toString("hex")}`;
}

/** POST /customers's flat body as the typed request `createCustomer` takes, or its 422. */
export function validateCustomer(body: unknown): CustomerCreateRequest {
  const parsed = parseCustomerCreateRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /customers: stores the customer for the shop. `external_id` is unique per shop; the unique index decides, so
 * two concurrent creates with the same id cannot both succeed.
 */
export async function createCustomer(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  request: CustomerCreateRequest;
}): Promise<Customer> {
  return insertCustomer(options.deps, options.deps.db, options.shopId, options.request);
}

/**
 * Stores a validated customer for the shop, on `db` or inside the caller's database transaction (a subscription
 * that creates its customer writes both at once). A taken `external_id` is a 422, as on POST /customers.
 */
export async function insertCustomer(
  deps: Pick<GatewayDeps, "clock">,
  db: Pick<GatewayDeps["db"], "insert">,
  shopId: number,
  request: CustomerCreateRequest,
): Promise<Customer> {
  const now = deps.clock.now();
  const [row] = await db
    .insert(customers)
    .values({
      id: generateCustomerId(),
      shopId,
      externalId: request.external_id ?? null,
      firstName: request.first_name ?? null,
      lastName: request.last_name ?? null,
      address: request.address ?? null,
      city: request.city ?? null,
      country: request.country ?? null,
      zip: request.zip ?? null,
      state: request.state ?? null,
      phone: request.phone ?? null,
      email: request.email,
      ip: request.ip,
      ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
    })
    .onConflictDoNothing({ target: [customers.shopId, customers.externalId] })
    .returning();
  // Only a taken external_id conflicts: rows without one never collide (NULLs are distinct in a unique index).
  if (!row) throw GatewayError.validation({ external_id: [EXTERNAL_ID_TAKEN] });
  return customerFromRow(row);
}
