import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { currentRequestId, REQUEST_ID_STORE, type RequestScope } from "./request-id-current";

export { currentRequestId };

/**
 * Every answer names its request (`X-Request-Id`), and every log line written while the request runs carries the
 * same id, so an operator can go from a shopper's "reference" or a merchant's support ticket to the lines of that
 * one request. Shared by the gateway and the checkout app's server: both are answered by this process.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The caller's own id is kept when it is 1–128 characters of letters, digits, `.`, `_` and `-` (a UUID, a load
 * balancer's or a tracing proxy's id all fit); anything else could smuggle text into logs and headers, and is
 * replaced by a new random UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

export function isWellFormedRequestId(value: string): boolean {
  return WELL_FORMED.test(value);
}

/** The caller's id when well-formed, otherwise a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && WELL_FORMED.test(header) ? header : randomUUID();
}

const global = globalThis as { [REQUEST_ID_STORE]?: AsyncLocalStorage<RequestScope> };
global[REQUEST_ID_STORE] ??= new AsyncLocalStorage<RequestScope>();
const storage = global[REQUEST_ID_STORE];

/** Runs `fn` as part of request `requestId`: whatever it logs, however deep and however late, is tagged with it. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ id: requestId }, fn);
}

/**
 * Puts facts of what the current request did (a transaction's uid, type and status) on its one access line, rather
 * than on a line of their own: a request writes one line. False outside a request (a renewal's payment, a recovery
 * sweep): the caller logs them itself. Scalars only, and nothing secret: the access line is masked by pattern, not
 * redacted field by field.
 */
export function addToRequestLine(facts: Record<string, string | number | boolean | null>): boolean {
  const scope = storage.getStore();
  if (!scope) return false;
  scope.line = scope.line ? { ...scope.line, ...facts } : facts;
  return true;
}

/** The facts added to the current request's line, if any. */
export function requestLineFacts(): Record<string, string | number | boolean | null> | undefined {
  return storage.getStore()?.line;
}
