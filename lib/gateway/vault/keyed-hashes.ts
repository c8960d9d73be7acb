import { createHmac, hkdfSync } from "node:crypto";

/**
 * Keyed digests of card numbers and secrets. A plain hash of a card number can be reversed by
 * enumerating the few billion plausible numbers per BIN, so every digest here is an HMAC under a key
 * derived from the index key. The index key never rotates; rotating it would change every stamp.
 */

export type KeyPurpose = "stamp" | "shop-stamp" | "duplicate" | "lookup" | "card-family" | "card-sighting";

export interface KeyedHashes {
  /**
   * The `stamp` a shop sees: a stable identifier of a card number within that shop, for matching the same card
   * across its tokens. Another shop gets another stamp for the same number, so stamps cannot be compared across
   * shops (or with one shop's guesses tokenized elsewhere).
   */
  cardStamp(input: { shopId: number; number: string }): string;
  /**
   * The per-shop stamp of a card whose stored stamp is the global digest stamps were before they were per shop:
   * the same value `cardStamp` gives for its number, computed without the number (see `rekeyLegacyStamps`).
   */
  shopStampFromLegacy(input: { shopId: number; legacyStamp: string }): string;
  /** Identifies a repeat charge of the same card for the same amount at the same shop. */
  duplicateFingerprint(input: { shopId: number; amount: number; number: string }): string;
  /** Lets a secret be found by digest without storing it in a reversible form. */
  secretLookup(secret: string): string;
  /**
   * A shop's card family: the numbers sharing leading digits (the first 8 when the card has a `bin_8`, else the
   * first 6) and the last 4, which a merchant sees together. Numbers of one family are counted, never listed.
   */
  cardFamily(input: { shopId: number; leadingDigits: string; last4: string }): string;
  /** Identifies a number among a shop's recently seen cards (new-card and card-family limits). */
  cardSighting(input: { shopId: number; number: string }): string;
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
  const shopStampKey = deriveKey(indexKey, "shop-stamp");
  const duplicateKey = deriveKey(indexKey, "duplicate");
  const lookupKey = deriveKey(indexKey, "lookup");
  const familyKey = deriveKey(indexKey, "card-family");
  const sightingKey = deriveKey(indexKey, "card-sighting");

  // Two steps, number -> global digest -> per-shop stamp, so stored global digests (the stamps written before
  // stamps were per shop) can be turned into per-shop stamps without decrypting a single number.
  const shopStampFromLegacy = ({ shopId, legacyStamp }: { shopId: number; legacyStamp: string }) =>
    hmacHex(shopStampKey, `${canonicalNumber("shopId", shopId)}:${legacyStamp}`);

  return {
    cardStamp: ({ shopId, number }) =>
      shopStampFromLegacy({ shopId, legacyStamp: hmacHex(stampKey, number) }),
    shopStampFromLegacy,
    duplicateFingerprint: ({ shopId, amount, number }) =>
      // ":" never occurs in a finite number's decimal form, and the card number comes last, so
      // (1, 23) and (12, 3) cannot encode to the same message.
      hmacHex(
        duplicateKey,
        `${canonicalNumber("shopId", shopId)}:${canonicalNumber("amount", amount)}:${number}`,
      ),
    secretLookup: (secret) => hmacHex(lookupKey, secret),
    cardFamily: ({ shopId, leadingDigits, last4 }) =>
      hmacHex(familyKey, `${canonicalNumber("shopId", shopId)}:${leadingDigits}:${last4}`),
    cardSighting: ({ shopId, number }) =>
      hmacHex(sightingKey, `${canonicalNumber("shopId", shopId)}:${number}`),
  };
}
