import { createHmac, hkdfSync } from "node:crypto";

/**
 * Keyed digests of card numbers and secrets. A plain hash of a card number can be reversed by
 * enumerating the few billion plausible numbers per BIN, so every digest here is an HMAC under a key
 * derived from the index key. The index key never rotates; rotating it would change every stamp.
 */

export type KeyPurpose = "stamp" | "duplicate" | "lookup";

export interface KeyedHashes {
  /** Stable identifier of a card number, for matching the same card across tokens. */
  cardStamp(number: string): string;
  /** Identifies a repeat charge of the same card for the same amount at the same shop. */
  duplicateFingerprint(input: { shopId: number; amount: number; number: string }): string;
  /** Lets a secret be found by digest without storing it in a reversible form. */
  secretLookup(secret: string): string;
}

const INDEX_KEY_BYTES = 32;
const DERIVED_KEY_BYTES = 32;
// The index key is already uniformly random, so HKDF's optional salt adds nothing.
const NO_SALT = Buffer.alloc(0);

export function deriveKey(indexKey: Buffer, purpose: KeyPurpose): Buffer {
  if (!Buffer.isBuffer(indexKey) || indexKey.length !== INDEX_KEY_BYTES) {
    throw new RangeError(`The index key must be ${INDEX_KEY_BYTES} bytes`);
  }
  // Separate keys per purpose, so a digest computed for one use can never be matched against another.
  return Buffer.from(hkdfSync("sha256", indexKey, NO_SALT, `tessera:${purpose}`, DERIVED_KEY_BYTES));
}

function hmacHex(key: Buffer, message: string): string {
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}

function canonicalNumber(name: string, value: number): string {
  if (!Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number`);
  }
  return String(value);
}

export function createKeyedHashes(indexKey: Buffer): KeyedHashes {
  const stampKey = deriveKey(indexKey, "stamp");
  const duplicateKey = deriveKey(indexKey, "duplicate");
  const lookupKey = deriveKey(indexKey, "lookup");

  return {
    cardStamp: (number) => hmacHex(stampKey, number),
    duplicateFingerprint: ({ shopId, amount, number }) =>
      // ":" never occurs in a finite number's decimal form, and the card number comes last, so
      // (1, 23) and (12, 3) cannot encode to the same message.
      hmacHex(
        duplicateKey,
        `${canonicalNumber("shopId", shopId)}:${canonicalNumber("amount", amount)}:${number}`,
      ),
    secretLookup: (secret) => hmacHex(lookupKey, secret),
  };
}
