import { lte } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";

/**
 * Drops keys past their 24 h (called from the runtime's maintenance loop; any instance may, the delete is
 * idempotent). Resolves to how many were dropped. An expired key still in the table is treated as absent anyway.
 */
export async function deleteExpiredIdempotencyKeys({
  deps,
}: {
  deps: Pick<GatewayDeps, "db" | "clock">;
}): Promise<number> {
  const deleted = await deps.db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, deps.clock.sqlNow()))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
