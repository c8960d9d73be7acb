import { z } from "zod";

/**
 * Idempotency of the gateway's POSTs: a client names a request with a `RequestID` header (beGateway's name; the
 * common `Idempotency-Key` is accepted too), and a repeat with the same name and body within 24 h gets the first
 * response back, marked `Idempotent-Replayed: true`, instead of running again.
 */
export const IDEMPOTENCY_HEADERS = ["RequestID", "Idempotency-Key"] as const;
export type IdempotencyHeader = (typeof IDEMPOTENCY_HEADERS)[number];

export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Printable ASCII without spaces at either end: what any client can put in a header and read back in a log. */
export const idempotencyKeySchema = z
  .string()
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/)
  .describe(
    "Names a request so that a repeat of it (same key and body, within 24 h) returns the first response",
  );

/** The 422 messages: full sentences naming the header the client sent. */
export function invalidIdempotencyKeyMessage(header: IdempotencyHeader): string {
  return `${header} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`;
}

export function reusedIdempotencyKeyMessage(header: IdempotencyHeader): string {
  return `${header} has already been used for another request; send a new ${header} for a new request`;
}
