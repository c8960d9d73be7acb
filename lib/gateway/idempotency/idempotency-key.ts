import { createHash } from "node:crypto";
import type { IdempotencyHeader } from "@/lib/contracts/idempotency";
import type { KeyedHashes } from "../vault/keyed-hashes";

/** A request named by an idempotency key, as the domain functions see it. */
export interface IdempotentRequest {
  shopId: number;
  /** The header the key came in (for messages). */
  header: IdempotencyHeader;
  key: string;
  /** See `hashIdempotentRequest`. */
  requestHash: string;
}

/** A response kept for replay. */
export interface StoredResponse {
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * What makes two requests "the same": method, path and body bytes. Keyed (HMAC), because a body may hold a card
 * number and security code, and a plain hash of a request whose every other field is known could be reversed by
 * trying the card numbers of a BIN. The message is prefixed, so it can never equal a secret-key lookup's.
 */
export function hashIdempotentRequest(
  hashes: KeyedHashes,
  request: { method: string; path: string; body: Buffer },
): string {
  const bodyDigest = createHash("sha256").update(request.body).digest("hex");
  return hashes.secretLookup(`idempotency:${request.method} ${request.path}:${bodyDigest}`);
}
