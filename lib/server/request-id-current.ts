/**
 * The id of the request the caller runs for, readable from any bundle of this process. The checkout app's server
 * code is bundled by Next apart from `server.ts`, so a module-level store would be two stores; the one store lives on
 * `globalThis` under this symbol (created by `lib/request-id.ts`). No Node import here: the gateway client is
 * imported by code that Next also bundles for browsers, where there is no store and this answers undefined.
 */
export const REQUEST_ID_STORE = Symbol.for("tessera.request-id");

/**
 * What the store holds while a request runs: its id, and the facts of what it did that its one access line carries
 * (`addToRequestLine` in request-id.ts).
 */
export interface RequestScope {
  id: string;
  line?: Record<string, string | number | boolean | null>;
  /** Answers shared by the parts of the request that ask the same thing (`oncePerRequest`). */
  reads?: Map<string, Promise<unknown>>;
}

interface RequestIdStore {
  getStore(): RequestScope | undefined;
}

function currentScope(): RequestScope | undefined {
  return (globalThis as { [REQUEST_ID_STORE]?: RequestIdStore })[REQUEST_ID_STORE]?.getStore();
}

export function currentRequestId(): string | undefined {
  return currentScope()?.id;
}

/**
 * `read()` at most once in the current request for `key`; the parts of the request that ask again get the same
 * answer. Kept on the request's own scope, not in a module: Next bundles the proxy apart from the pages, and a
 * module-level cache would be one per bundle (React's `cache` does not reach the proxy, nor always a page's
 * metadata). Outside a request it simply reads.
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  if (!scope) return read();
  scope.reads ??= new Map();
  let answer = scope.reads.get(key) as Promise<T> | undefined;
  if (answer === undefined) {
    answer = read();
    scope.reads.set(key, answer);
  }
  return answer;
}
