import { describe, expect, it } from "vitest";
import type { DailyReportDay } from "@/lib/contracts/merchant";
import { niceMaximum, summarize, summarizeDisputes, summarizeMoney } from "./report-stats";

function day(
  date: string,
  successful: number,
  failed: number,
  incomplete = 0,
  money: Partial<DailyReportDay> = {},
): DailyReportDay {
  const tokenizations = successful + failed + incomplete;
  return {
    date,
    tokenizations,
    successful,
    failed,
    incomplete,
    success_rate: tokenizations === 0 ? null : successful / tokenizations,
    payments: 0,
    approved: 0,
    declined: 0,
    approval_rate: null,
    refunds: 0,
    volume: [],
    disputes: [],
    ...money,
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

describe("dashboard money", () => {
  it("adds each currency's days on its own, nets refunds and payouts off, and never mixes currencies", () => {
    const days = [
      day("2030-01-01", 0, 0, 0, {
        payments: 4,
        approved: 2,
        declined: 1,
        refunds: 1,
        volume: [
          { currency: "USD", charged: "1000", refunded: "250", paid_out: "100", net: "650" },
          { currency: "EUR", charged: "500", refunded: "0", paid_out: "0", net: "500" },
        ],
      }),
      day("2030-01-02", 0, 0),
      day("2030-01-03", 0, 0, 0, {
        payments: 2,
        approved: 2,
        declined: 0,
        refunds: 2,
        volume: [{ currency: "EUR", charged: "300", refunded: "800", paid_out: "0", net: "-500" }],
      }),
    ];
    expect(summarizeMoney(days)).toEqual({
      payments: 6,
      approved: 4,
      declined: 1,
      approvalRate: 4 / 5,
      refunds: 3,
      volume: [
        { currency: "EUR", charged: "800", refunded: "800", paid_out: "0", net: "0" },
        { currency: "USD", charged: "1000", refunded: "250", paid_out: "100", net: "650" },
      ],
    });
  });

  it("can show a net outflow: refunds of an earlier range's payments", () => {
    const days = [
      day("2030-01-01", 0, 0, 0, {
        refunds: 1,
        volume: [{ currency: "JPY", charged: "0", refunded: "900", paid_out: "0", net: "-900" }],
      }),
    ];
    expect(summarizeMoney(days).volume).toEqual([
      { currency: "JPY", charged: "0", refunded: "900", paid_out: "0", net: "-900" },
    ]);
  });

  it("sums past 2^53 exactly", () => {
    // 2^53 + 1 is not a JS number; two days of it are 2^54 + 2, which a float sum would round.
    const big = "9007199254740993";
    const days = ["2030-01-01", "2030-01-02"].map((date) =>
      day(date, 0, 0, 0, {
        volume: [{ currency: "EUR", charged: big, refunded: "1", paid_out: "1", net: "0" }],
      }),
    );
    expect(summarizeMoney(days).volume).toEqual([
      {
        currency: "EUR",
        charged: "18014398509481986",
        refunded: "2",
        paid_out: "2",
        net: "18014398509481982",
      },
    ]);
  });

  it("has no approval rate while nothing was decided (only payments still in 3-D Secure)", () => {
    expect(summarizeMoney([day("2030-01-01", 0, 0, 0, { payments: 3 })])).toMatchObject({
      payments: 3,
      approvalRate: null,
      volume: [],
    });
    expect(summarizeMoney([])).toEqual({
      payments: 0,
      approved: 0,
      declined: 0,
      approvalRate: null,
      refunds: 0,
      volume: [],
    });
  });
});

describe("dashboard disputes", () => {
  it("adds each currency's disputes over the range exactly, never across currencies", () => {
    const entry = (currency: string, disputed: string, fees: string, won = 0, lost = 0) => ({
      currency,
      opened: 1,
      won,
      lost,
      disputed,
      fees,
      reinstated: won > 0 ? disputed : "0",
    });
    const days = [
      day("2026-01-01", 0, 0, 0, {
        disputes: [entry("USD", "9007199254740993", "1500"), entry("EUR", "5000", "1500")],
      }),
      day("2026-01-02", 0, 0, 0, { disputes: [entry("EUR", "2500", "1500", 1, 0)] }),
      day("2026-01-03", 0, 0, 0, { disputes: [entry("EUR", "0", "0", 0, 1)] }),
    ];
    expect(summarizeDisputes(days)).toEqual([
      { currency: "EUR", opened: 3, won: 1, lost: 1, disputed: "7500", fees: "3000", reinstated: "2500" },
      {
        currency: "USD",
        opened: 1,
        won: 0,
        lost: 0,
        disputed: "9007199254740993",
        fees: "1500",
        reinstated: "0",
      },
    ]);
    expect(summarizeDisputes([day("2026-01-04", 1, 0)])).toEqual([]);
  });
});
