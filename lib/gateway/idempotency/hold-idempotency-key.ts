import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { IdempotentRequest } from "./idempotency-key";

/**
 * Keeps the claim of a request that ended without an answer after its acquirer was asked (a server error storing
 * the answer, say): the key stays pending, bound to the transaction, so that a repeat cannot move the money again.
 * `claimIdempotencyKey` answers repeats 409 until the transaction is finished (by the recovery sweep), then with
 * its stored answer.
 */
export async function holdIdempotencyKey({
  deps,
  request,
  transactionUid,
}: {
  deps: GatewayDeps;
  request: IdempotentRequest;
  transactionUid: string;
}): Promise<void> {
  await deps.db
    .update(idempotencyKeys)
    .set({ transactionUid, updatedAt: deps.clock.sqlNow() })
    .where(
      and(
        eq(idempotencyKeys.shopId, request.shopId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.state, "pending"),
      ),
    );
}
