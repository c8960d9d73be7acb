import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { adminSessions } from "@/lib/db/schema";
import { adminSessionIdHash } from "./admin-session-id";

/** DELETE /shop/sessions/current: sign-out. The cookie's id stops working on every instance at once. */
export async function endAdminSession(options: {
  deps: { db: Database };
  shopId: number;
  sessionId: string;
}): Promise<void> {
  const { deps } = options;
  await deps.db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.idHash, adminSessionIdHash(options.sessionId)),
        eq(adminSessions.shopId, options.shopId),
      ),
    );
}
