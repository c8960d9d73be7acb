import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelaySeconds } from "./retry-schedule";

describe("the notification retry schedule", () => {
  it("makes ten attempts: now, then after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h", () => {
    expect(MAX_ATTEMPTS).toBe(10);
    const hours = (value: number) => value * 3600;
    expect(RETRY_DELAYS_SECONDS).toEqual([
      5,
      300,
      1800,
      hours(2),
      hours(5),
      hours(10),
      hours(14),
      hours(20),
      hours(24),
    ]);
    expect(Array.from({ length: 9 }, (_, index) => retryDelaySeconds(index + 1, 0.5))).toEqual(
      RETRY_DELAYS_SECONDS,
    );
  });

  it("spreads each delay by at most 10 % either way", () => {
    expect(retryDelaySeconds(1, 0)).toBeCloseTo(4.5);
    expect(retryDelaySeconds(1, 0.999_999)).toBeCloseTo(5.5);
    expect(retryDelaySeconds(9, 0)).toBeCloseTo(86_400 * 0.9);
    expect(retryDelaySeconds(9, 0.999_999)).toBeCloseTo(86_400 * 1.1, -1);
  });

  it("stops after the tenth attempt", () => {
    expect(retryDelaySeconds(10, 0.5)).toBeNull();
    expect(retryDelaySeconds(11, 0.5)).toBeNull();
    expect(retryDelaySeconds(0, 0.5)).toBeNull();
  });
});
