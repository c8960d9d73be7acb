import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** The Node request behind a request served by @hono/node-server; none for in-process requests (tests). */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * A request header. Under @hono/node-server it is read from the Node request's own parsed headers: the first
 * `c.req.header()` builds a web-standard Headers object of all of them, which cost a tenth of a tokenization's
 * CPU. Node joins a repeated header with ", " as Headers does, except for single-valued ones such as
 * `Authorization` and `Content-Type`, of which it keeps the first.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}
