import { desc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { type SecurityEventRow, securityEvents } from "@/lib/db/schema";

/** The newest refusals of the card limits (see `sightCard`), of one shop or of all, for the operator. */
export async function listSecurityEvents(options: {
  db: Database;
  shopId?: number;
  limit: number;
}): Promise<SecurityEventRow[]> {
  const { db, shopId, limit } = options;
  return db
    .select()
    .from(securityEvents)
    .where(shopId === undefined ? undefined : eq(securityEvents.shopId, shopId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}
