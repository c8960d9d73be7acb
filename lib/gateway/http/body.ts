import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { GatewayError } from "../errors";
import { nodeRequest, requestHeader } from "./headers";

export const MAX_BODY_BYTES = 64 * 1024;

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** The body of a Node request, as read from its events (its async iterator costs more per request). */
function readNodeBody(incoming: IncomingMessage, limit: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > limit) {
        // Stop reading (the rest is not buffered); the connection is closed after the answer.
        incoming.off("data", onData).pause();
        reject(new GatewayError("payload_too_large"));
        return;
      }
      chunks.push(chunk);
    };
    // The client went away mid-body: a client's doing, answered (to no one) and logged as a 400, not a server
    // error. Not built after "end": an Error captures a stack trace, and every request closes.
    const onAbort = () => reject(new GatewayError("incomplete_body"));
    incoming.on("data", onData);
    incoming.once("end", () => {
      incoming.off("close", onAbort);
      resolve(chunks);
    });
    incoming.once("error", onAbort);
    incoming.once("close", onAbort);
  });
}

async function readWebBody(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array[]> {
  if (!stream) return [];
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new GatewayError("payload_too_large");
    }
    chunks.push(value);
  }
  return chunks;
}

/** Requests allowed a larger body than 64 KiB (evidence files), by the middleware of their route. */
const bodyLimits = new WeakMap<Request, { bytes: number; tooLarge: () => GatewayError }>();

/**
 * Lets the requests of one route carry up to `bytes` (a dispute's evidence file), and says what a larger one is
 * refused with (the route's own words, say a 422 on its file field): registered before any middleware that reads
 * the body, so the idempotency check reads it under the same limit and refuses it the same way.
 */
export function allowBodyUpTo(bytes: number, tooLarge: () => GatewayError): MiddlewareHandler {
  return async (c, next) => {
    bodyLimits.set(c.req.raw, { bytes, tooLarge });
    await next();
  };
}

/** Bodies already read by a middleware (idempotency keys hash them), so the route reads the same bytes again. */
const rawBodies = new WeakMap<Request, Promise<Buffer>>();

/**
 * The raw bytes of a request body (at most 64 KiB, or what its route allows, else 413), read once per request: a second call, say by the
 * route after a middleware, gets the same bytes.
 */
export function readRawBody(c: Context): Promise<Buffer> {
  const cached = rawBodies.get(c.req.raw);
  if (cached) return cached;
  const allowance = bodyLimits.get(c.req.raw);
  const limit = allowance?.bytes ?? MAX_BODY_BYTES;
  const read = (async () => {
    const declaredLength = Number(requestHeader(c, "content-length") ?? "0");
    if (declaredLength > limit) throw new GatewayError("payload_too_large");
    // Under @hono/node-server the Node request itself is read: going through the web-standard stream the Request
    // wraps it in costs a tenth of a tokenization's CPU. In-process requests (tests) have only the stream.
    const incoming = nodeRequest(c);
    const chunks = incoming ? await readNodeBody(incoming, limit) : await readWebBody(c.req.raw.body, limit);
    return Buffer.concat(chunks);
  })().catch((error: unknown) => {
    if (allowance && error instanceof GatewayError && error.code === "payload_too_large")
      throw allowance.tooLarge();
    throw error;
  });
  rawBodies.set(c.req.raw, read);
  return read;
}

export function hasJsonContentType(c: Context): boolean {
  return isJsonContentType(requestHeader(c, "content-type"));
}

/** Reads a JSON request body: 415 for another content type, 413 past 64 KiB (without buffering more), 400 if not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!hasJsonContentType(c)) throw new GatewayError("unsupported_media_type");
  const text = (await readRawBody(c)).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError("malformed_json");
  }
}

/**
 * Reads a `multipart/form-data` body (an evidence file's upload) under the route's limit: 415 for another content
 * type, 413 past the limit, null when it is not a readable form.
 */
export async function readFormBody(c: Context): Promise<FormData | null> {
  const contentType = requestHeader(c, "content-type");
  if (contentType?.split(";")[0].trim().toLowerCase() !== "multipart/form-data")
    throw new GatewayError("unsupported_media_type", {
      message: "Content-Type must be multipart/form-data",
    });
  const raw = await readRawBody(c);
  try {
    // The platform's own multipart parser, over the bytes already read (and bounded).
    return await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}
