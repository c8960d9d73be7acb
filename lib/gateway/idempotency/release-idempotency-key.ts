import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { IdempotentRequest } from "./idempotency-key";

/**
 * Gives up a claim whose request ended without an answer worth replaying (a server error, a rate limit, a
 * conflict that may clear): the next repeat runs the request again, as if the key had never been sent.
 */
export async function releaseIdempotencyKey({
  deps,
  request,
}: {
  deps: GatewayDeps;
  request: IdempotentRequest;
}): Promise<void> {
  await deps.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.shopId, request.shopId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.state, "pending"),
      ),
    );
}
