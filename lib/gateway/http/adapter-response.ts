import { getRequestListener } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";

/**
 * @hono/node-server writes an answer built with its own `Response` class straight from the string that class holds,
 * and reads one built with the platform's `Response` (undici's) back through a web stream: a stream, its reader and
 * its transfer hooks for every answer, a few hundredths of a payment's CPU (docs/decisions.md, "Cheaper answers").
 * The adapter uses its class by making it the global `Response`, which is what the gateway alone (`npm run gateway`)
 * lets it do; where Next shares the process (server.ts), the globals stay the platform's, which Next and React
 * build their answers with, and Hono's `c.json` builds the platform's.
 *
 * The class is not exported: it is taken here from the globals the adapter sets when asked to, and the platform's
 * are put straight back (module load is synchronous: nothing else runs in between).
 */
const adapterResponse: typeof Response = (() => {
  const platformRequest = Object.getOwnPropertyDescriptor(globalThis, "Request");
  const platformResponse = Object.getOwnPropertyDescriptor(globalThis, "Response");
  getRequestListener(() => new Response(null));
  const own = globalThis.Response;
  if (platformRequest) Object.defineProperty(globalThis, "Request", platformRequest);
  if (platformResponse) Object.defineProperty(globalThis, "Response", platformResponse);
  return own;
})();

/**
 * Builds `build`'s answer with the adapter's `Response` as the global one for that synchronous call only: Hono's
 * `c.json` reads the global when it builds, and no other code (Next's included) runs until it returns.
 */
function withAdapterResponse<T>(build: () => T): T {
  const platform = globalThis.Response;
  globalThis.Response = adapterResponse;
  try {
    return build();
  } finally {
    globalThis.Response = platform;
  }
}

/**
 * First of the gateway's middleware: its JSON answers (`c.json`, every API answer and error) are built with the
 * adapter's `Response` even when the globals are the platform's. Hono's semantics are untouched: its own `c.json`
 * builds them, headers set with `c.header()` and `c.res.headers` included.
 */
export const jsonInAdapterResponse: MiddlewareHandler = async (c, next) => {
  if (globalThis.Response !== adapterResponse) {
    const json = c.json;
    c.json = ((...args: Parameters<typeof json>) => withAdapterResponse(() => json(...args))) as typeof json;
  }
  await next();
};
