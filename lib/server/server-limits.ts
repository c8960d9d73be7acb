import type http from "node:http";
import type { Socket } from "node:net";
import { throttleAddress } from "@/lib/server/client-address";

/**
 * What one client may hold of the server (`server.ts`, `npm run gateway`): seconds, not minutes, to send headers
 * and the whole request (a body that stalls is cut off with 408), a short keep-alive, a cap on open connections per
 * address, and for page routes a body limit enforced before Next reads the body.
 */
export interface ServerLimits {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  /** 0: no cap. */
  maxConnectionsPerAddress: number;
}

/** Next's own limit on a server action's body; a page route has no reason to accept more. */
export const PAGE_BODY_LIMIT_BYTES = 1024 * 1024;

const MAX_CHECK_INTERVAL_MS = 1000;
const MIN_CHECK_INTERVAL_MS = 100;

/**
 * Options for `http.createServer`. Node checks the timeouts on a timer (30 s by default, which would let a stalled
 * body live that long past a 10 s limit); here it runs often enough to cut within a fraction of the shortest one.
 */
export function serverOptions(limits: ServerLimits): http.ServerOptions {
  const requestTimeout = limits.requestTimeoutSeconds * 1000;
  // Node refuses a headers timeout longer than the request timeout: the request's covers its headers anyway.
  const headersTimeout = Math.min(limits.headersTimeoutSeconds * 1000, requestTimeout);
  return {
    requestTimeout,
    headersTimeout,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: Math.max(
      MIN_CHECK_INTERVAL_MS,
      Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(headersTimeout / 4)),
    ),
  };
}

/**
 * Applies the timeouts (for servers made elsewhere, e.g. by `@hono/node-server`, which passes `serverOptions` on but
 * sets nothing itself) and the per-address connection cap. A connection over the cap is closed at once, before a
 * byte is read. `isExempt` names the addresses many clients share on purpose: loopback (the checkout app calling
 * its gateway, a reverse proxy on the same host) and the trusted proxies, which must cap their own clients.
 */
export function applyServerLimits(
  server: http.Server,
  limits: ServerLimits,
  isExempt: (address: string) => boolean,
): void {
  const options = serverOptions(limits);
  server.requestTimeout = options.requestTimeout ?? 0;
  server.headersTimeout = options.headersTimeout ?? 0;
  server.keepAliveTimeout = options.keepAliveTimeout ?? 0;
  if (limits.maxConnectionsPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/i, "") ?? "unknown";
    if (isExempt(address)) return;
    // An IPv6 client is its /64, as for the throttles: it could otherwise open each connection from a new address.
    const key = throttleAddress(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once("close", () => {
      const remaining = (open.get(key) ?? 1) - 1;
      if (remaining > 0) open.set(key, remaining);
      else open.delete(key);
    });
  });
}

function refuseTooLarge(response: http.ServerResponse, limit: number): void {
  if (response.headersSent) return;
  const body = JSON.stringify({ message: `Request body is larger than ${limit} bytes` });
  // The rest of the body is not read: the connection ends with this answer.
  response.writeHead(413, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  response.end(body);
}

/**
 * For a request bound for Next: answers 413 when the body is over `limit`, without reading it. A declared length is
 * judged at once; a chunked body is counted as its bytes arrive (before Next sees them), and past the limit the
 * request is answered 413 and nothing more is passed on. Returns true when the request was refused already.
 */
export function limitRequestBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  limit: number = PAGE_BODY_LIMIT_BYTES,
): boolean {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    refuseTooLarge(response, limit);
    return true;
  }
  if (request.headers["transfer-encoding"] === undefined) return false;
  let received = 0;
  let refused = false;
  const push = request.push.bind(request);
  // The HTTP parser hands every body chunk to `push`: counting there sees each byte before any reader does.
  request.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (refused) return false;
    if (chunk !== null) {
      received += chunk.length;
      if (received > limit) {
        refused = true;
        refuseTooLarge(response, limit);
        return false;
      }
    }
    return push(chunk, encoding);
  };
  return false;
}
