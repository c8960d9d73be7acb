import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { IdempotentRequest, StoredResponse } from "./idempotency-key";

/** Stores the response of the request that claimed the key: from now on repeats replay it. */
export async function completeIdempotencyKey({
  deps,
  request,
  response,
}: {
  deps: GatewayDeps;
  request: IdempotentRequest;
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
    .where(
      and(
        eq(idempotencyKeys.shopId, request.shopId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.state, "pending"),
      ),
    );
}
