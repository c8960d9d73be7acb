import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { heldBy } from "./claim-idempotency-key";
import type { IdempotencyClaim, IdempotentRequest } from "./idempotency-key";

/**
 * Keeps the claim of a request that ended without an answer after it started a money transaction (a server error
 * storing the acquirer's answer, say): the key is already bound to the transaction (`bindKeyToTransaction`), and
 * `held` tells repeats that nobody is running it any more, so that they are answered at once: 409 until the
 * transaction is finished (by a recovery sweep), then with its answer. Never another run that could move money.
 */
export async function holdIdempotencyKey({
  deps,
  request,
  claim,
}: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  request: IdempotentRequest;
  claim: IdempotencyClaim;
}): Promise<void> {
  await deps.db
    .update(idempotencyKeys)
    .set({ state: "held", updatedAt: deps.clock.sqlNow() })
    .where(heldBy(request, claim));
}
