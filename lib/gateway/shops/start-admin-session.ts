import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { adminSessions } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { ADMIN_SESSION_LIFETIME_MS, adminSessionIdHash, newAdminSessionId } from "./admin-session-id";

export interface StartedAdminSession {
  id: string;
  expires_at: string;
}

/**
 * POST /shop/sessions: the admin area signed in with the shop's credentials. The id is returned once; only its
 * hash is stored. The shop's ended sessions are cleared on the way, so the table holds live sign-ins only.
 */
export async function startAdminSession(options: {
  deps: { db: Database; clock: Clock };
  shopId: number;
}): Promise<StartedAdminSession> {
  const { deps, shopId } = options;
  const id = newAdminSessionId();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_LIFETIME_MS);
  await deps.db
    .delete(adminSessions)
    .where(and(eq(adminSessions.shopId, shopId), lt(adminSessions.expiresAt, deps.clock.sqlNow())));
  await deps.db.insert(adminSessions).values({
    idHash: adminSessionIdHash(id),
    shopId,
    expiresAt,
    createdAt: deps.clock.isFixed ? now : sql`clock_timestamp()`,
  });
  return { id, expires_at: expiresAt.toISOString() };
}
