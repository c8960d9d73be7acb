import { and, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { adminSessions } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { adminSessionIdHash } from "./admin-session-id";

/** Whether `sessionId` is a live admin session of the shop: signed in, not signed out, not expired, key not rotated. */
export async function isAdminSessionLive(options: {
  deps: { db: Database; clock: Clock };
  shopId: number;
  sessionId: string;
}): Promise<boolean> {
  const { deps } = options;
  if (!/^[0-9a-f]{64}$/.test(options.sessionId)) return false;
  const [row] = await deps.db
    .select({ shopId: adminSessions.shopId })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.idHash, adminSessionIdHash(options.sessionId)),
        eq(adminSessions.shopId, options.shopId),
        gt(adminSessions.expiresAt, deps.clock.sqlNow()),
      ),
    );
  return row !== undefined;
}
