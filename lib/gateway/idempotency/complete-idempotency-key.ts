import type { SQL } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { StoredResponse } from "./idempotency-key";

/**
 * Stores the response of a key's request: from now on repeats replay it. `where` names the key as its writer may
 * still write it: the claim's holder while it holds it (`heldBy`), or a repeat completing a key with its bound
 * transaction's answer.
 */
export async function completeIdempotencyKey({
  deps,
  where,
  response,
}: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  where: SQL;
  response: StoredResponse;
}): Promise<void> {
  await deps.db
    .update(idempotencyKeys)
    .set({
      state: "completed",
      responseStatus: response.status,
      responseContentType: response.contentType,
      responseBody: response.body,
      updatedAt: deps.clock.sqlNow(),
    })
    .where(where);
}
