import type { Context } from "hono";
import { GatewayError } from "../errors";

export const MAX_BODY_BYTES = 64 * 1024;

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Reads a JSON request body: 415 for another content type, 413 past 64 KiB (without buffering more), 400 if not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!isJsonContentType(c.req.header("content-type"))) throw new GatewayError("unsupported_media_type");
  const declaredLength = Number(c.req.header("content-length") ?? "0");
  if (declaredLength > MAX_BODY_BYTES) throw new GatewayError("payload_too_large");
  const stream = c.req.raw.body;
  if (!stream) throw new GatewayError("malformed_json");
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new GatewayError("payload_too_large");
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError("malformed_json");
  }
}
