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
}

interface RequestIdStore {
  getStore(): RequestScope | undefined;
}

export function currentRequestId(): string | undefined {
  return (globalThis as { [REQUEST_ID_STORE]?: RequestIdStore })[REQUEST_ID_STORE]?.getStore()?.id;
}
