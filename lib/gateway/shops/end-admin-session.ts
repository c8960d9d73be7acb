import { and, eq } from "drizzle-orm";
import { adminSessions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { adminSessionIdHash } from "./admin-session-id";

/** DELETE /shop/sessions/current: sign-out. The cookie's id stops working on every instance at once. */
export async function endAdminSession(options: {
  deps: GatewayDeps;
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
