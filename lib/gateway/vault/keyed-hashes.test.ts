import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyedHashes, deriveKey } from "./keyed-hashes";

const indexKey = Buffer.alloc(32, 0x11);
const otherIndexKey = Buffer.alloc(32, 0x22);
const hashes = createKeyedHashes(indexKey);
const HEX_64 = /^[0-9a-f]{64}$/;

describe("deriveKey", () => {
  it("derives a distinct 32-byte key per purpose", () => {
    const purposes = ["stamp", "shop-stamp", "duplicate", "lookup", "card-family", "card-sighting"] as const;
    const keys = purposes.map((purpose) => deriveKey(indexKey, purpose));
    for (const key of keys) expect(key).toHaveLength(32);
    expect(new Set(keys.map((key) => key.toString("hex"))).size).toBe(purposes.length);
  });

  it("is deterministic", () => {
    expect(deriveKey(indexKey, "stamp")).toEqual(deriveKey(indexKey, "stamp"));
  });

  it("rejects an index key of the wrong size", () => {
    expect(() => deriveKey(Buffer.alloc(16), "stamp")).toThrow(RangeError);
    expect(() => createKeyedHashes(Buffer.alloc(33))).toThrow(RangeError);
  });
});

const card = (number: string, shopId = 1) => ({ shopId, number });

describe("cardStamp", () => {
  it("is equal for equal numbers in one shop", () => {
    expect(hashes.cardStamp(card("4111111111111111"))).toBe(
      createKeyedHashes(indexKey).cardStamp(card("4111111111111111")),
    );
  });

  it("differs for different numbers", () => {
    expect(hashes.cardStamp(card("4111111111111111"))).not.toBe(hashes.cardStamp(card("4242424242424242")));
  });

  it("differs between shops for the same number", () => {
    expect(hashes.cardStamp(card("4111111111111111", 1))).not.toBe(
      hashes.cardStamp(card("4111111111111111", 2)),
    );
    // The shop id and the digest cannot run into each other.
    expect(hashes.cardStamp(card("4111111111111111", 1))).not.toBe(
      hashes.cardStamp(card("4111111111111111", 11)),
    );
  });

  it("differs for different index keys", () => {
    expect(hashes.cardStamp(card("4111111111111111"))).not.toBe(
      createKeyedHashes(otherIndexKey).cardStamp(card("4111111111111111")),
    );
  });

  it("is not a plain SHA-256 of the number, nor the global digest stamps used to be", () => {
    const plain = createHash("sha256").update("4111111111111111").digest("hex");
    const legacy = createHmac("sha256", deriveKey(indexKey, "stamp"))
      .update("4111111111111111")
      .digest("hex");
    expect(hashes.cardStamp(card("4111111111111111"))).not.toBe(plain);
    expect(hashes.cardStamp(card("4111111111111111"))).not.toBe(legacy);
  });

  it("is what a stored global digest becomes for its shop", () => {
    const legacy = createHmac("sha256", deriveKey(indexKey, "stamp"))
      .update("4111111111111111")
      .digest("hex");
    expect(hashes.shopStampFromLegacy({ shopId: 7, legacyStamp: legacy })).toBe(
      hashes.cardStamp(card("4111111111111111", 7)),
    );
  });

  it("is 64 hex characters", () => {
    expect(hashes.cardStamp(card("4111111111111111"))).toMatch(HEX_64);
  });
});

describe("cardFamily and cardSighting", () => {
  const family = { shopId: 1, leadingDigits: "41111111", last4: "1111" };

  it("are keyed per shop and differ from each other and from the stamp", () => {
    expect(hashes.cardFamily(family)).toMatch(HEX_64);
    expect(hashes.cardFamily(family)).toBe(hashes.cardFamily({ ...family }));
    expect(hashes.cardFamily(family)).not.toBe(hashes.cardFamily({ ...family, shopId: 2 }));
    expect(hashes.cardFamily(family)).not.toBe(hashes.cardFamily({ ...family, last4: "1112" }));
    expect(hashes.cardFamily(family)).not.toBe(createKeyedHashes(otherIndexKey).cardFamily(family));
    const sighting = hashes.cardSighting(card("4111111111111111"));
    expect(sighting).toMatch(HEX_64);
    expect(sighting).not.toBe(hashes.cardSighting(card("4111111111111111", 2)));
    expect(sighting).not.toBe(hashes.cardStamp(card("4111111111111111")));
    expect(sighting).not.toBe(createHash("sha256").update("4111111111111111").digest("hex"));
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
    expect(hashes.duplicateFingerprint(base)).not.toBe(hashes.cardStamp(base));
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
    expect(hashes.secretLookup("4111111111111111")).not.toBe(hashes.cardStamp(card("4111111111111111")));
  });
});
