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

/**
 * The claim a request holds on its key: the moment it claimed it (the row's `created_at`, new at every claim and
 * takeover, so it names this claim and no other). Every later write of the request's key is conditional on it.
 */
export interface IdempotencyClaim {
  claimedAt: Date;
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
 * The body's card secrets are left out (`withoutCardSecrets`). The security code entirely: this digest is kept 24 h,
 * and a security code is kept nowhere, not even as a keyed hash from which it could be recovered by trying its
 * thousand values. A card number down to what every response shows of it (first 6 and last 4 digits) and its
 * length: otherwise a caller holding a used key could send the request again with guessed middle digits and learn
 * from replay-or-422 which guess was the card. So a repeat that differs only in those is the same request, and
 * gets the first one's response — which names its own card's digits.
 */
export function hashIdempotentRequest(
  hashes: KeyedHashes,
  request: { method: string; path: string; body: Buffer },
): string {
  const bodyDigest = createHash("sha256").update(withoutCardSecrets(request.body)).digest("hex");
  return hashes.secretLookup(`idempotency:${request.method} ${request.path}:${bodyDigest}`);
}

/**
 * The body as JSON text with every `verification_value` removed and every card `number` (12–19 digits, spaces
 * and dashes aside) reduced to its first 6 and last 4 digits and its length, wherever they are (a payment's
 * `credit_card`, a payout's, a `/credit_cards` request, a `request` wrapper). A body that is not JSON is taken as it
 * is: the request is refused whatever it holds.
 */
export function withoutCardSecrets(body: Buffer): Buffer | string {
  if (!body.includes("verification_value") && !body.includes('"number"')) return body;
  try {
    return JSON.stringify(JSON.parse(body.toString("utf8")), (key, value) => {
      if (key === "verification_value") return undefined;
      if (key === "number" && typeof value === "string") return shownPartOfCardNumber(value);
      return value;
    });
  } catch {
    return body;
  }
}

function shownPartOfCardNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return value;
  return `${digits.slice(0, 6)}…${digits.slice(-4)} (${digits.length})`;
}
