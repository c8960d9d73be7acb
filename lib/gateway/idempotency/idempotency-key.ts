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
 * What makes two requests "the same": method, path and body. Keyed (HMAC), because a body may hold a card number,
 * and a plain hash of a request whose every other field is known could be reversed by trying the card numbers of a
 * BIN. The message is prefixed, so it can never equal a secret-key lookup's.
 *
 * The security code is left out (`withoutSecurityCodes`): this digest is kept 24 h, and a security code is kept
 * nowhere, not even as a keyed hash from which it could be recovered by trying its thousand values. So a repeat
 * that differs only in its security code is the same request, and gets the first one's response.
 */
export function hashIdempotentRequest(
  hashes: KeyedHashes,
  request: { method: string; path: string; body: Buffer },
): string {
  const bodyDigest = createHash("sha256").update(withoutSecurityCodes(request.body)).digest("hex");
  return hashes.secretLookup(`idempotency:${request.method} ${request.path}:${bodyDigest}`);
}

/**
 * The body as JSON text with every `verification_value` removed, wherever it is (a payment's `credit_card`, a
 * `/credit_cards` request). A body that is not JSON is taken as it is: the request is refused whatever it holds.
 */
export function withoutSecurityCodes(body: Buffer): Buffer | string {
  if (!body.includes("verification_value")) return body;
  try {
    return JSON.stringify(JSON.parse(body.toString("utf8")), (key, value) =>
      key === "verification_value" ? undefined : value,
    );
  } catch {
    return body;
  }
}
