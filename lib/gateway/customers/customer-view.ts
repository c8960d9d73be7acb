import type { Customer } from "@/lib/contracts/customer";
import type { CustomerRow } from "@/lib/db/schema";

/** A stored customer as the API returns it: every field present, in the order the spec lists them. */
export function customerFromRow(row: CustomerRow): Customer {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    address: row.address,
    city: row.city,
    country: row.country,
    zip: row.zip,
    state: row.state,
    phone: row.phone,
    email: row.email,
    ip: row.ip,
    external_id: row.externalId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
