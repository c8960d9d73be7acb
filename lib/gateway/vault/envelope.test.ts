import { describe, expect, it } from "vitest";
import {
  generateKey,
  KEY_BYTES,
  open,
  parseMasterKey,
  seal,
  unwrapDataKey,
  VaultDecryptionError,
  wrapDataKey,
} from "./envelope";

const IV_OFFSET = 1;
const TAG_OFFSET = 13;
const CIPHERTEXT_OFFSET = 29;

const aad = Buffer.from("card:42");
const plaintext = Buffer.from("4111111111111111");

function flipBit(buffer: Buffer, index: number): Buffer {
  const copy = Buffer.from(buffer);
  copy[index] ^= 0x01;
  return copy;
}

describe("seal / open", () => {
  it("round-trips", () => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    expect(open(key, sealed, aad)).toEqual(plaintext);
  });

  it("round-trips an empty plaintext", () => {
    const key = generateKey();
    expect(open(key, seal(key, Buffer.alloc(0), aad), aad)).toEqual(Buffer.alloc(0));
  });

  it("packs version, iv, tag and ciphertext", () => {
    const sealed = seal(generateKey(), plaintext, aad);
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(1 + 12 + 16 + plaintext.length);
    expect(sealed.includes(plaintext)).toBe(false);
  });

  it("generates keys of the right size", () => {
    expect(generateKey()).toHaveLength(KEY_BYTES);
    expect(generateKey().equals(generateKey())).toBe(false);
  });

  it.each([
    ["version byte", 0],
    ["iv", IV_OFFSET],
    ["last iv byte", TAG_OFFSET - 1],
    ["tag", TAG_OFFSET],
    ["last tag byte", CIPHERTEXT_OFFSET - 1],
    ["ciphertext", CIPHERTEXT_OFFSET],
    ["last ciphertext byte", CIPHERTEXT_OFFSET + plaintext.length - 1],
  ])("rejects a flipped bit in the %s", (_name, index) => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    expect(() => open(key, flipBit(sealed, index), aad)).toThrow(VaultDecryptionError);
  });

  it("rejects a different AAD", () => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    expect(() => open(key, sealed, Buffer.from("card:43"))).toThrow(VaultDecryptionError);
    expect(() => open(key, sealed, Buffer.alloc(0))).toThrow(VaultDecryptionError);
  });

  it("rejects truncated input", () => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    for (const length of [0, 1, 12, 28, 29, sealed.length - 1]) {
      expect(() => open(key, sealed.subarray(0, length), aad)).toThrow(VaultDecryptionError);
    }
  });

  it("rejects appended bytes", () => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    expect(() => open(key, Buffer.concat([sealed, Buffer.of(0)]), aad)).toThrow(VaultDecryptionError);
  });

  it("rejects the wrong key", () => {
    const sealed = seal(generateKey(), plaintext, aad);
    expect(() => open(generateKey(), sealed, aad)).toThrow(VaultDecryptionError);
  });

  it("keeps key and plaintext material out of the error", () => {
    const key = generateKey();
    const sealed = seal(key, plaintext, aad);
    // The error is caught here and examined outside the `catch`, so that a call that does not throw fails the test
    // instead of handing its own assertion error to the checks below.
    let thrown: unknown;
    try {
      open(key, flipBit(sealed, CIPHERTEXT_OFFSET), aad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(VaultDecryptionError);
    const text = `${String(thrown)} ${(thrown as Error).stack ?? ""}`;
    expect(text).not.toContain(key.toString("hex"));
    expect(text).not.toContain(key.toString("base64"));
    expect(text).not.toContain(plaintext.toString());
  });

  it("rejects keys of the wrong size", () => {
    expect(() => seal(Buffer.alloc(16), plaintext, aad)).toThrow(RangeError);
    expect(() => open(Buffer.alloc(31), seal(generateKey(), plaintext, aad), aad)).toThrow(RangeError);
  });

  it("never reuses an IV across 100,000 encryptions", () => {
    const key = generateKey();
    const ivs = new Set<string>();
    const count = 100_000;
    for (let i = 0; i < count; i++) {
      ivs.add(seal(key, plaintext, aad).toString("hex", IV_OFFSET, TAG_OFFSET));
    }
    expect(ivs.size).toBe(count);
  });
});

describe("wrapDataKey / unwrapDataKey", () => {
  it("round-trips", () => {
    const masterKey = generateKey();
    const dataKey = generateKey();
    const wrapped = wrapDataKey(masterKey, dataKey, "dek-1");
    expect(wrapped.includes(dataKey)).toBe(false);
    expect(unwrapDataKey(masterKey, wrapped, "dek-1")).toEqual(dataKey);
  });

  it("rejects a wrapped key presented under another key id", () => {
    const masterKey = generateKey();
    const wrapped = wrapDataKey(masterKey, generateKey(), "dek-1");
    expect(() => unwrapDataKey(masterKey, wrapped, "dek-2")).toThrow(VaultDecryptionError);
  });

  it("rejects the wrong master key", () => {
    const wrapped = wrapDataKey(generateKey(), generateKey(), "dek-1");
    expect(() => unwrapDataKey(generateKey(), wrapped, "dek-1")).toThrow(VaultDecryptionError);
  });

  it("does not accept a record sealed with the same bytes for another purpose", () => {
    const masterKey = generateKey();
    const sealed = seal(masterKey, generateKey(), Buffer.from("dek-1"));
    expect(() => unwrapDataKey(masterKey, sealed, "dek-1")).toThrow(VaultDecryptionError);
  });

  it("refuses to wrap something that is not a data key", () => {
    expect(() => wrapDataKey(generateKey(), Buffer.alloc(16), "dek-1")).toThrow(RangeError);
  });
});

describe("parseMasterKey", () => {
  const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
  const message = "MASTER_KEY must be 32 bytes, given as 64 hex characters or base64";

  it("accepts 64 hex characters in either case", () => {
    expect(parseMasterKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseMasterKey(bytes.toString("hex").toUpperCase())).toEqual(bytes);
  });

  it("accepts base64 and base64url", () => {
    expect(parseMasterKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseMasterKey(bytes.toString("base64url"))).toEqual(bytes);
  });

  it("ignores surrounding whitespace", () => {
    expect(parseMasterKey(`  ${bytes.toString("hex")}\n`)).toEqual(bytes);
  });

  it.each([
    ["31 bytes of hex", Buffer.alloc(31, 1).toString("hex")],
    ["33 bytes of hex", Buffer.alloc(33, 1).toString("hex")],
    ["31 bytes of base64", Buffer.alloc(31, 1).toString("base64")],
    ["33 bytes of base64", Buffer.alloc(33, 1).toString("base64")],
    ["garbage", "not a key"],
    ["non-hex characters", "z".repeat(64)],
    ["mixed base64 alphabets", `+_${"A".repeat(41)}=`],
    ["an empty string", ""],
  ])("rejects %s", (_name, value) => {
    expect(() => parseMasterKey(value)).toThrow(message);
  });

  it("does not echo the rejected value", () => {
    const value = Buffer.alloc(31, 0xab).toString("hex");
    expect(() => parseMasterKey(value)).toThrow(expect.objectContaining({ message }));
  });
});
