import { AsyncLocalStorage } from "node:async_hooks";

/** What an idempotent request has done so far, for the middleware to decide what happens to its key. */
interface IdempotentRequestScope {
  /** The transaction whose acquirer call this request made first; null until one is made. */
  transactionUid: string | null;
}

const scope = new AsyncLocalStorage<IdempotentRequestScope>();

/**
 * Runs an idempotent request's handler, and tells afterwards which transaction it took to the acquirer, if any:
 * once money may have moved, the request's key must not be given up whatever happens after.
 */
export async function runTrackingAcquirer<T>(
  run: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; transactionUid: string | null }> {
  const state: IdempotentRequestScope = { transactionUid: null };
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
 * Called just before the acquirer is asked to move money for `transactionUid` (its idempotency key at the
 * acquirer). Outside an idempotent request (a sweep, a 3-D Secure page), nothing to record.
 */
export function noteAcquirerAsked(transactionUid: string): void {
  const state = scope.getStore();
  if (state && state.transactionUid === null) state.transactionUid = transactionUid;
}
