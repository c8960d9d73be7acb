import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyedHashes, deriveKey } from "./keyed-hashes";

const indexKey = Buffer.alloc(32, 0x11);
const otherIndexKey = Buffer.alloc(32, 0x22);
const hashes = createKeyedHashes(indexKey);
const HEX_64 = /^[0-9a-f]{64}$/;

describe("deriveKey", () => {
  it("derives a distinct 32-byte key per purpose", () => {
    const keys = (["stamp", "duplicate", "lookup"] as const).map((purpose) => deriveKey(indexKey, purpose));
    for (const key of keys) expect(key).toHaveLength(32);
    expect(new Set(keys.map((key) => key.toString("hex"))).size).toBe(3);
  });

  it("is deterministic", () => {
    expect(deriveKey(indexKey, "stamp")).toEqual(deriveKey(indexKey, "stamp"));
  });

  it("rejects an index key of the wrong size", () => {
    expect(() => deriveKey(Buffer.alloc(16), "stamp")).toThrow(RangeError);
    expect(() => createKeyedHashes(Buffer.alloc(33))).toThrow(RangeError);
  });
});

describe("cardStamp", () => {
  it("is equal for equal numbers", () => {
    expect(hashes.cardStamp("4111111111111111")).toBe(
      createKeyedHashes(indexKey).cardStamp("4111111111111111"),
    );
  });

  it("differs for different numbers", () => {
    expect(hashes.cardStamp("4111111111111111")).not.toBe(hashes.cardStamp("4242424242424242"));
  });

  it("differs for different index keys", () => {
    expect(hashes.cardStamp("4111111111111111")).not.toBe(
      createKeyedHashes(otherIndexKey).cardStamp("4111111111111111"),
    );
  });

  it("is not a plain SHA-256 of the number", () => {
    const plain = createHash("sha256").update("4111111111111111").digest("hex");
    expect(hashes.cardStamp("4111111111111111")).not.toBe(plain);
  });

  it("is 64 hex characters", () => {
    expect(hashes.cardStamp("4111111111111111")).toMatch(HEX_64);
  });
});

describe("duplicateFingerprint", () => {
  const base = { shopId: 1, amount: 23, number: "4111111111111111" };

  it("is equal for equal inputs", () => {
    expect(hashes.duplicateFingerprint(base)).toBe(hashes.duplicateFingerprint({ ...base }));
  });

  it.each([
    ["shopId", { ...base, shopId: 2 }],
    ["amount", { ...base, amount: 24 }],
    ["number", { ...base, number: "4242424242424242" }],
  ])("differs when %s differs", (_name, input) => {
    expect(hashes.duplicateFingerprint(input)).not.toBe(hashes.duplicateFingerprint(base));
  });

  it("cannot confuse where one field ends and the next begins", () => {
    expect(hashes.duplicateFingerprint({ shopId: 1, amount: 23, number: "4111111111111111" })).not.toBe(
      hashes.duplicateFingerprint({ shopId: 12, amount: 3, number: "4111111111111111" }),
    );
    expect(hashes.duplicateFingerprint({ shopId: 1, amount: 2, number: "34111111111111111" })).not.toBe(
      hashes.duplicateFingerprint({ shopId: 1, amount: 23, number: "4111111111111111" }),
    );
  });

  it("is not the card stamp", () => {
    expect(hashes.duplicateFingerprint(base)).not.toBe(hashes.cardStamp(base.number));
  });

  it("differs for different index keys", () => {
    expect(hashes.duplicateFingerprint(base)).not.toBe(
      createKeyedHashes(otherIndexKey).duplicateFingerprint(base),
    );
  });

  it("rejects non-finite amounts", () => {
    expect(() => hashes.duplicateFingerprint({ ...base, amount: Number.NaN })).toThrow(RangeError);
  });

  it("is 64 hex characters", () => {
    expect(hashes.duplicateFingerprint(base)).toMatch(HEX_64);
  });
});

describe("secretLookup", () => {
  it("is deterministic, keyed and 64 hex characters", () => {
    const digest = hashes.secretLookup("sk_test_abc");
    expect(digest).toMatch(HEX_64);
    expect(digest).toBe(createKeyedHashes(indexKey).secretLookup("sk_test_abc"));
    expect(digest).not.toBe(hashes.secretLookup("sk_test_abd"));
    expect(digest).not.toBe(createKeyedHashes(otherIndexKey).secretLookup("sk_test_abc"));
    expect(digest).not.toBe(createHash("sha256").update("sk_test_abc").digest("hex"));
  });

  it("does not collide with the card stamp of the same input", () => {
    expect(hashes.secretLookup("4111111111111111")).not.toBe(hashes.cardStamp("4111111111111111"));
  });
});
