import { describe, expect, it } from "vitest";
import type { DailyReportDay } from "@/lib/contracts/merchant";
import { niceMaximum, summarize } from "./report-stats";

function day(date: string, successful: number, failed: number, incomplete = 0): DailyReportDay {
  const tokenizations = successful + failed + incomplete;
  return {
    date,
    tokenizations,
    successful,
    failed,
    incomplete,
    success_rate: tokenizations === 0 ? null : successful / tokenizations,
  };
}

describe("dashboard chart scale", () => {
  it("rounds the axis up to four whole, round steps", () => {
    expect([0, 1, 4, 5, 6, 8, 9, 10, 21, 99, 101, 1234].map(niceMaximum)).toEqual([
      4, 4, 4, 8, 8, 8, 20, 20, 40, 200, 200, 2000,
    ]);
  });

  it("always fits the largest day", () => {
    for (let value = 0; value < 5000; value += 7) {
      const maximum = niceMaximum(value);
      expect(maximum).toBeGreaterThanOrEqual(value);
      expect(Number.isInteger(maximum / 4)).toBe(true);
    }
  });
});

describe("dashboard totals", () => {
  it("adds up the days; the rate counts incomplete tokenizations as not successful", () => {
    expect(summarize([day("2030-01-01", 3, 1), day("2030-01-02", 0, 0), day("2030-01-03", 1, 0, 1)])).toEqual(
      {
        total: 6,
        successful: 4,
        rate: 4 / 6,
      },
    );
  });

  it("has no rate for a range without tokenizations", () => {
    expect(summarize([day("2030-01-01", 0, 0)])).toEqual({ total: 0, successful: 0, rate: null });
    expect(summarize([])).toEqual({ total: 0, successful: 0, rate: null });
  });
});
