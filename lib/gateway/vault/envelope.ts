import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { OperatorError } from "@/lib/server/operator-error";
import { pooledRandomBytes } from "./random-pool";

/**
 * Authenticated encryption for card data at rest and for wrapping data keys under the master key.
 *
 * Sealed layout: version (1 byte) | iv (12) | tag (16) | ciphertext.
 */

export const KEY_BYTES = 32;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const CIPHER = "aes-256-gcm";

/**
 * Deliberately carries no detail: whatever went wrong (tampering, wrong key, truncation), callers react
 * the same way, and a specific reason would only help someone probing the vault.
 */
export class VaultDecryptionError extends Error {
  constructor() {
    super("Vault record could not be decrypted");
    this.name = "VaultDecryptionError";
  }
}

export function generateKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

function assertKey(key: Buffer): void {
  // A key of the wrong size is a configuration bug, not a bad record, so it gets its own error type.
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new RangeError(`Vault keys must be ${KEY_BYTES} bytes`);
  }
}

// The version byte sits outside the ciphertext, so it is bound into the authenticated data to stop a
// record being replayed under a different format.
function authenticatedData(version: number, aad: Buffer): Buffer {
  return Buffer.concat([Buffer.of(version), aad]);
}

export function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  assertKey(key);
  // GCM loses both confidentiality and integrity if an IV ever repeats under one key, so it is never
  // derived or counted, only drawn fresh.
  const iv = pooledRandomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(authenticatedData(VERSION, aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

export function open(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  assertKey(key);
  if (!Buffer.isBuffer(sealed) || sealed.length < HEADER_BYTES || sealed[0] !== VERSION) {
    throw new VaultDecryptionError();
  }
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
  const ciphertext = sealed.subarray(HEADER_BYTES);
  try {
    const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(authenticatedData(VERSION, aad));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new VaultDecryptionError();
  }
}

function dataKeyAad(keyId: string): Buffer {
  if (typeof keyId !== "string" || keyId.length === 0) {
    throw new TypeError("A data key id is required");
  }
  return Buffer.from(`tessera:dek:${keyId}`, "utf8");
}

export function wrapDataKey(masterKey: Buffer, dataKey: Buffer, keyId: string): Buffer {
  assertKey(dataKey);
  return seal(masterKey, dataKey, dataKeyAad(keyId));
}

export function unwrapDataKey(masterKey: Buffer, wrapped: Buffer, keyId: string): Buffer {
  const dataKey = open(masterKey, wrapped, dataKeyAad(keyId));
  if (dataKey.length !== KEY_BYTES) {
    throw new VaultDecryptionError();
  }
  return dataKey;
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes is 43 base64 characters plus one padding character; both alphabets are accepted because
// key tooling differs on which one it prints.
const BASE64_KEY = /^(?:[A-Za-z0-9+/]{43}|[A-Za-z0-9_-]{43})=?$/;

/**
 * A master key's check value: names which master key wraps a vault key (stored beside it) without revealing the
 * key, as an HMAC of a fixed label cannot be turned back into its key.
 */
export function masterKeyCheck(masterKey: Buffer): string {
  return createHmac("sha256", masterKey).update("tessera:master-key-check").digest("hex").slice(0, 16);
}

/** `parseMasterKey` for a variable other than MASTER_KEY, named in its message. */
export function parseNamedMasterKey(value: string, variable: string): Buffer {
  try {
    return parseMasterKey(value);
  } catch (error) {
    if (error instanceof OperatorError)
      throw new OperatorError(error.message.replace("MASTER_KEY", variable));
    throw error;
  }
}

export function parseMasterKey(value: string): Buffer {
  const trimmed = typeof value === "string" ? value.trim() : "";
  if (HEX_KEY.test(trimmed)) {
    return Buffer.from(trimmed, "hex");
  }
  if (BASE64_KEY.test(trimmed)) {
    const decoded = Buffer.from(trimmed, "base64");
    if (decoded.length === KEY_BYTES) {
      return decoded;
    }
  }
  // The value itself is never echoed: it may be a real key with a typo.
  throw new OperatorError("MASTER_KEY must be 32 bytes, given as 64 hex characters or base64");
}
