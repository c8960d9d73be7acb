import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "./random-pool";

describe("pooledRandomBytes", () => {
  it("gives the size asked for", () => {
    for (const size of [0, 1, 12, 32, 4096]) expect(pooledRandomBytes(size)).toHaveLength(size);
  });

  it("never hands out the same bytes twice, across many pool refills", () => {
    const seen = new Set<string>();
    const draws = 20_000; // 20,000 × 12 bytes: about 60 pools
    for (let i = 0; i < draws; i++) seen.add(pooledRandomBytes(12).toString("hex"));
    expect(seen.size).toBe(draws);
  });

  it("gives copies: changing one draw changes no other", () => {
    const first = pooledRandomBytes(16);
    const second = pooledRandomBytes(16);
    const secondBefore = Buffer.from(second);
    first.fill(0);
    expect(second).toEqual(secondBefore);
  });

  it("looks uniformly random: every byte value appears, none far more than its share", () => {
    const counts = new Array<number>(256).fill(0);
    const bytes = Buffer.concat(Array.from({ length: 256 }, () => pooledRandomBytes(1024)));
    for (const byte of bytes) counts[byte] += 1;
    const expected = bytes.length / 256;
    expect(Math.min(...counts)).toBeGreaterThan(expected * 0.8);
    expect(Math.max(...counts)).toBeLessThan(expected * 1.2);
  });

  it("refuses sizes it cannot serve", () => {
    expect(() => pooledRandomBytes(4097)).toThrow(RangeError);
    expect(() => pooledRandomBytes(-1)).toThrow(RangeError);
    expect(() => pooledRandomBytes(1.5)).toThrow(RangeError);
  });
});
