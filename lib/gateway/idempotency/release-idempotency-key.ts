import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { heldBy } from "./claim-idempotency-key";
import type { IdempotencyClaim, IdempotentRequest } from "./idempotency-key";

/**
 * Gives up a claim whose request ended without an answer worth replaying (a server error, a rate limit, a
 * conflict that may clear) and without starting a money transaction: the next repeat runs the request again, as
 * if the key had never been sent. A claim taken over meanwhile is not this request's to give up.
 */
export async function releaseIdempotencyKey({
  deps,
  request,
  claim,
}: {
  deps: Pick<GatewayDeps, "db">;
  request: IdempotentRequest;
  claim: IdempotencyClaim;
}): Promise<void> {
  await deps.db.delete(idempotencyKeys).where(heldBy(request, claim));
}
