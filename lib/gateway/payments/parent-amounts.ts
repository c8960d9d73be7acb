import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { queryRows } from "@/lib/db/client";
import type { TransactionRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";

/**
 * When an authorization made at `createdAt` stops taking captures and voids, as the database computes it:
 * `createdAt` plus the shop's `authorization_expiry_days` — what the reservation and finishing functions
 * (tessera_reserve_child, tessera_finish_child) fall back on for a stored authorization without its own expiry.
 */
function authorizationExpirySql(createdAt: SQLWrapper | Date, authorizationExpiryDays: number): SQL {
  const start = createdAt instanceof Date ? sql`${createdAt.toISOString()}::timestamptz` : sql`${createdAt}`;
  return sql`${start} + make_interval(days => ${authorizationExpiryDays})`;
}

const DEFAULT_EXPIRY_DAYS = shopSettingsSchema.parse({}).authorization_expiry_days;

/**
 * When a successful authorization stops taking captures and voids, by the shop's `authorization_expiry_days`:
 * computed by the database with the reservation's expression (`authorizationExpirySql`), so that what the
 * authorization shows from the start is what it shows after its first child, to the millisecond. Null for any
 * other transaction: a payment has nothing to expire, and an authorization that did not succeed holds nothing.
 */
export async function authorizationExpiry(
  deps: Pick<GatewayDeps, "db" | "shops">,
  transaction: Pick<TransactionRow, "type" | "status" | "shopId" | "createdAt">,
): Promise<Date | null> {
  if (transaction.type !== "authorization" || transaction.status !== "successful") return null;
  const shop = await deps.shops.get(transaction.shopId);
  const days = shop?.settings.authorization_expiry_days ?? DEFAULT_EXPIRY_DAYS;
  const [expiry] = await queryRows<{ expires_at: string | Date }>(
    deps.db,
    sql`select ${authorizationExpirySql(transaction.createdAt, days)} as expires_at`,
  );
  return new Date(expiry.expires_at);
}
