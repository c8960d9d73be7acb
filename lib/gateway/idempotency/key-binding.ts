import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, isNull } from "drizzle-orm";
import { idempotencyKeys } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { IdempotencyClaim, IdempotentRequest } from "./idempotency-key";

/** What an idempotent request has done so far, for the middleware to decide what happens to its key. */
interface IdempotentRequestScope {
  deps: Pick<GatewayDeps, "db" | "clock">;
  request: IdempotentRequest;
  claim: IdempotencyClaim;
  /** The money transaction this request started first, its key bound to it; null until one is started. */
  transactionUid: string | null;
}

const scope = new AsyncLocalStorage<IdempotentRequestScope>();

/**
 * Runs an idempotent request's handler under its claim, and tells afterwards which money transaction it started, if
 * any: once one exists, the request's key must not be given up whatever happens after.
 */
export async function runBindingKey<T>(
  deps: Pick<GatewayDeps, "db" | "clock">,
  request: IdempotentRequest,
  claim: IdempotencyClaim,
  run: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; transactionUid: string | null }> {
  const state: IdempotentRequestScope = { deps, request, claim, transactionUid: null };
  const result = await scope.run(state, async (): Promise<PromiseSettledResult<T>> => {
    try {
      return { status: "fulfilled", value: await run() };
    } catch (reason) {
      return { status: "rejected", reason };
    }
  });
  return { result, transactionUid: state.transactionUid };
}

/**
 * Called just before a money transaction is written `incomplete` (from then on the acquirer may be asked, by this
 * request or by a recovery sweep): binds the request's key to the transaction first, so that whatever happens to
 * this process afterwards a repeat finds the transaction and, once it is finished, its answer — rather than a key
 * pending for a day or, worse, a second payment. Conditional on the claim still being this request's: a claim taken
 * over (`claimIdempotencyKey`, after its holder went silent) makes this request give up with a 409 before it writes
 * anything. Only the first transaction of a request binds its key; outside an idempotent request (a sweep, a shopper's
 * page) there is nothing to bind.
 */
export async function bindKeyToTransaction(transactionUid: string): Promise<void> {
  const state = scope.getStore();
  if (!state || state.transactionUid !== null) return;
  const { deps, request, claim } = state;
  const bound = await deps.db
    .update(idempotencyKeys)
    .set({ transactionUid, updatedAt: deps.clock.sqlNow() })
    .where(
      and(
        eq(idempotencyKeys.shopId, request.shopId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.state, "pending"),
        eq(idempotencyKeys.createdAt, claim.claimedAt),
        isNull(idempotencyKeys.transactionUid),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (bound.length === 0) throw new GatewayError("idempotent_request_in_progress");
  state.transactionUid = transactionUid;
}
