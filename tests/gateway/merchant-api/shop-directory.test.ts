import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { shops } from "@/lib/db/schema";
import { ShopDirectory } from "@/lib/gateway/shops/shop-directory";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";

let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway?.close();
});

/** A directory of its own over the gateway's database, counting the HMACs it computes. */
function directory(ttlMs: number) {
  const { db, keyring } = gateway.runtime.deps;
  const lookups = vi.spyOn(keyring.hashes, "secretLookup");
  lookups.mockClear();
  return { shops: new ShopDirectory(db, keyring, ttlMs), lookups };
}

/** Another secret key of the same format (same length), so only the comparison can tell them apart. */
function otherSecretKey(secretKey: string): string {
  const other = randomBytes(secretKey.length / 2).toString("hex");
  return other === secretKey ? otherSecretKey(secretKey) : other;
}

describe("ShopDirectory.authenticate", () => {
  it("computes the key's HMAC once while the record is cached, then compares the verified key", async () => {
    const { shops: directoryUnderTest, lookups } = directory(60_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey)).toMatchObject({
        id: shop.id,
      });
    }
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("still refuses a wrong key of the same length after the right one was verified", async () => {
    const { shops: directoryUnderTest, lookups } = directory(60_000);
    expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey)).not.toBeNull();
    const wrong = otherSecretKey(shop.secretKey);
    expect(wrong).toHaveLength(shop.secretKey.length);
    expect(await directoryUnderTest.authenticate(String(shop.id), wrong)).toBeNull();
    expect(await directoryUnderTest.authenticate(String(shop.id), `${shop.secretKey}0`)).toBeNull();
    expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey.slice(1))).toBeNull();
    // The verified key stays verified; the wrong ones never replace it.
    expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey)).not.toBeNull();
    expect(lookups).toHaveBeenCalledTimes(4);
    lookups.mockRestore();
  });

  it("stops accepting a key replaced through another instance once the record's TTL has passed", async () => {
    const rotated = await gateway.createShop({}, "Rotated elsewhere");
    const { shops: directoryUnderTest, lookups } = directory(200);
    // The directory's clock stands still until the test moves it: on a busy machine the real one let the record
    // expire before the second look (a run found the old key refused while it should still have been cached).
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect(await directoryUnderTest.authenticate(String(rotated.id), rotated.secretKey)).not.toBeNull();
    const { db, keyring } = gateway.runtime.deps;
    const newKey = otherSecretKey(rotated.secretKey);
    // What POST /shop/secret_key on another instance writes; this directory is not told.
    await db
      .update(shops)
      .set({ secretKeyHash: keyring.hashes.secretLookup(newKey) })
      .where(eq(shops.id, rotated.id));
    expect(await directoryUnderTest.authenticate(String(rotated.id), rotated.secretKey)).not.toBeNull();
    vi.setSystemTime(Date.now() + 250);
    expect(await directoryUnderTest.authenticate(String(rotated.id), rotated.secretKey)).toBeNull();
    expect(await directoryUnderTest.authenticate(String(rotated.id), newKey)).not.toBeNull();
    lookups.mockRestore();
  });

  it("forgets the verified key when the record is invalidated (a rotation on this instance)", async () => {
    const { shops: directoryUnderTest } = directory(60_000);
    const rotated = await gateway.createShop({}, "Rotated here");
    expect(await directoryUnderTest.authenticate(String(rotated.id), rotated.secretKey)).not.toBeNull();
    const { db, keyring } = gateway.runtime.deps;
    await db
      .update(shops)
      .set({ secretKeyHash: keyring.hashes.secretLookup(otherSecretKey(rotated.secretKey)) })
      .where(eq(shops.id, rotated.id));
    directoryUnderTest.invalidate(rotated.id);
    expect(await directoryUnderTest.authenticate(String(rotated.id), rotated.secretKey)).toBeNull();
  });
});

describe("ShopDirectory reads", () => {
  it("shares one database read among the requests that find the record expired", async () => {
    const { db, keyring } = gateway.runtime.deps;
    const selects = vi.spyOn(db, "select");
    const directoryUnderTest = new ShopDirectory(db, keyring, 60_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => directoryUnderTest.authenticate(String(shop.id), shop.secretKey)),
    );
    expect(results.every((result) => result?.id === shop.id)).toBe(true);
    expect(selects).toHaveBeenCalledTimes(1);
    selects.mockRestore();
  });

  it("does not cache a read that an invalidation overtook", async () => {
    const { db, keyring } = gateway.runtime.deps;
    const renamed = await gateway.createShop({}, "Before");
    const directoryUnderTest = new ShopDirectory(db, keyring, 60_000);
    const staleRead = directoryUnderTest.get(renamed.id);
    // The change and its invalidation land while the first read is in flight.
    directoryUnderTest.invalidate(renamed.id);
    await db.update(shops).set({ name: "After" }).where(eq(shops.id, renamed.id));
    await staleRead;
    expect((await directoryUnderTest.get(renamed.id))?.name).toBe("After");
  });
});

describe("ShopDirectory's memory of unknown shop ids", () => {
  it("is bounded: made-up ids push out the oldest, known shops stay, a remembered id costs no read", async () => {
    const { db, keyring } = gateway.runtime.deps;
    const directoryUnderTest = new ShopDirectory(db, keyring, 60_000, 5);
    expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey)).not.toBeNull();
    const madeUp = Array.from({ length: 200 }, (_, index) => 1_000_000 + index);
    for (const id of madeUp)
      expect(await directoryUnderTest.authenticate(String(id), "x".repeat(64))).toBeNull();
    expect(directoryUnderTest.cachedCounts).toEqual({ shops: 1, unknown: 5 });

    const selects = vi.spyOn(db, "select");
    // The newest unknown id is still remembered; the first one was pushed out and is read again.
    expect(await directoryUnderTest.get(madeUp.at(-1) as number)).toBeNull();
    expect(selects).toHaveBeenCalledTimes(0);
    expect(await directoryUnderTest.get(madeUp[0])).toBeNull();
    expect(selects).toHaveBeenCalledTimes(1);
    selects.mockRestore();
    expect(directoryUnderTest.cachedCounts).toEqual({ shops: 1, unknown: 5 });
    expect(await directoryUnderTest.authenticate(String(shop.id), shop.secretKey)).toMatchObject({
      id: shop.id,
    });
  });
});
