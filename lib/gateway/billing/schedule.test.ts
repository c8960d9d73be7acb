import { describe, expect, it } from "vitest";
import {
  addInterval,
  classifyFailure,
  isDaytime,
  nextDaytime,
  periodEndAfter,
  ScheduleOutOfRange,
} from "./schedule";

describe("addInterval", () => {
  it("keeps the day of the month where it exists and takes the month's last day where it does not", () => {
    expect(addInterval(new Date("2031-01-31T10:00:00Z"), 1, "month").toISOString()).toBe(
      "2031-02-28T10:00:00.000Z",
    );
    expect(addInterval(new Date("2032-01-31T10:00:00Z"), 1, "month").toISOString()).toBe(
      "2032-02-29T10:00:00.000Z",
    );
    expect(addInterval(new Date("2031-11-15T00:00:00Z"), 3, "month").toISOString()).toBe(
      "2032-02-15T00:00:00.000Z",
    );
    expect(addInterval(new Date("2032-02-29T12:00:00Z"), 1, "year").toISOString()).toBe(
      "2033-02-28T12:00:00.000Z",
    );
    expect(addInterval(new Date("2031-01-01T00:00:00Z"), 2, "week").toISOString()).toBe(
      "2031-01-15T00:00:00.000Z",
    );
    expect(addInterval(new Date("2031-01-01T00:00:00Z"), 5, "hour").toISOString()).toBe(
      "2031-01-01T05:00:00.000Z",
    );
  });
});

describe("addInterval's range", () => {
  it("answers a date up to year 9999 and throws rather than answer one past it or none at all", () => {
    const from = new Date("2031-01-31T10:00:00Z");
    expect(addInterval(from, 7968, "year").toISOString()).toBe("9999-01-31T10:00:00.000Z");
    for (const [count, unit] of [
      [7969, "year"],
      [300_000, "year"],
      [Number.MAX_SAFE_INTEGER, "hour"],
      [Number.MAX_SAFE_INTEGER, "month"],
    ] as const) {
      expect(() => addInterval(from, count, unit), `${count} ${unit}`).toThrow(ScheduleOutOfRange);
    }
  });
});

/** Twelve monthly renewals from `anchor`, each charged at the last one's end, as the scheduler walks them. */
function twelveMonths(anchor: string): string[] {
  const ends: string[] = [];
  let at = new Date(anchor);
  for (let cycle = 1; cycle <= 12; cycle++) {
    at = periodEndAfter(new Date(anchor), at, 1, "month");
    ends.push(at.toISOString().slice(0, 10));
  }
  return ends;
}

describe("periodEndAfter: every period end from the anchor", () => {
  it("walks twelve months from the 31st, clamped per month and back to the 31st where the month has it", () => {
    expect(twelveMonths("2031-01-31T09:30:00Z")).toEqual([
      "2031-02-28",
      "2031-03-31",
      "2031-04-30",
      "2031-05-31",
      "2031-06-30",
      "2031-07-31",
      "2031-08-31",
      "2031-09-30",
      "2031-10-31",
      "2031-11-30",
      "2031-12-31",
      "2032-01-31",
    ]);
  });

  it("walks twelve months from the 30th and the 29th, February clamped, leap year or not", () => {
    expect(twelveMonths("2031-01-30T00:00:00Z")).toEqual([
      "2031-02-28",
      "2031-03-30",
      "2031-04-30",
      "2031-05-30",
      "2031-06-30",
      "2031-07-30",
      "2031-08-30",
      "2031-09-30",
      "2031-10-30",
      "2031-11-30",
      "2031-12-30",
      "2032-01-30",
    ]);
    expect(twelveMonths("2031-11-29T00:00:00Z")).toEqual([
      "2031-12-29",
      "2032-01-29",
      "2032-02-29",
      "2032-03-29",
      "2032-04-29",
      "2032-05-29",
      "2032-06-29",
      "2032-07-29",
      "2032-08-29",
      "2032-09-29",
      "2032-10-29",
      "2032-11-29",
    ]);
    expect(twelveMonths("2030-11-29T00:00:00Z").slice(2, 4)).toEqual(["2031-02-28", "2031-03-29"]);
  });

  it("keeps a leap day's anchor: 29 February yearly is 28 February in common years, 29 in leap years", () => {
    const anchor = new Date("2032-02-29T12:00:00Z");
    const ends: string[] = [];
    let at = anchor;
    for (let cycle = 1; cycle <= 4; cycle++) {
      at = periodEndAfter(anchor, at, 1, "year");
      ends.push(at.toISOString().slice(0, 10));
    }
    expect(ends).toEqual(["2033-02-28", "2034-02-28", "2035-02-28", "2036-02-29"]);
  });

  it("ends a late charge's period at the next anniversary, and counts hours, days and weeks from the anchor", () => {
    const anchor = new Date("2031-01-31T10:00:00Z");
    // Paid three days late (a retry): the period still ends on the anniversary.
    expect(periodEndAfter(anchor, new Date("2031-03-03T10:00:00Z"), 1, "month").toISOString()).toBe(
      "2031-03-31T10:00:00.000Z",
    );
    // Paid months late (rescued): the next anniversary after the payment.
    expect(periodEndAfter(anchor, new Date("2031-07-15T00:00:00Z"), 1, "month").toISOString()).toBe(
      "2031-07-31T10:00:00.000Z",
    );
    expect(periodEndAfter(anchor, new Date("2031-03-31T10:00:00Z"), 3, "month").toISOString()).toBe(
      "2031-04-30T10:00:00.000Z",
    );
    expect(periodEndAfter(anchor, new Date("2031-02-14T10:00:00Z"), 2, "week").toISOString()).toBe(
      "2031-02-28T10:00:00.000Z",
    );
    expect(periodEndAfter(anchor, anchor, 36, "hour").toISOString()).toBe("2031-02-01T22:00:00.000Z");
    expect(periodEndAfter(anchor, new Date("2033-01-31T09:59:59Z"), 1, "day").toISOString()).toBe(
      "2033-01-31T10:00:00.000Z",
    );
  });
});

describe("nextDaytime", () => {
  it("leaves a daytime moment where it is and moves a night one to 08:00 in the shop's time zone", () => {
    const noon = new Date("2031-06-10T10:00:00Z"); // 12:00 in Berlin (summer time)
    expect(nextDaytime(noon, "Europe/Berlin")).toEqual(noon);
    // 23:30 in Berlin → 08:00 the next morning, 06:00 UTC.
    expect(nextDaytime(new Date("2031-06-10T21:30:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2031-06-11T06:00:00.000Z",
    );
    // 03:00 in New York → 08:00 the same day.
    expect(nextDaytime(new Date("2031-01-10T08:00:00Z"), "America/New_York").toISOString()).toBe(
      "2031-01-10T13:00:00.000Z",
    );
    // 20:00 sharp is night already.
    expect(isDaytime(new Date("2031-01-10T20:00:00Z"), "UTC")).toBe(false);
    expect(nextDaytime(new Date("2031-01-10T20:00:00Z"), "UTC").toISOString()).toBe(
      "2031-01-11T08:00:00.000Z",
    );
  });

  it("finds the morning across a daylight-saving change", () => {
    // The night Berlin's clocks go forward (30 March 2031, 02:00 → 03:00): 08:00 is 06:00 UTC.
    expect(nextDaytime(new Date("2031-03-29T22:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2031-03-30T06:00:00.000Z",
    );
    // The night they go back (26 October 2031, 03:00 → 02:00): 08:00 is 07:00 UTC.
    expect(nextDaytime(new Date("2031-10-25T21:30:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2031-10-26T07:00:00.000Z",
    );
  });
});

describe("classifyFailure", () => {
  it("retries only insufficient funds and processor errors", () => {
    expect(classifyFailure("failed", "51")).toBe("soft");
    expect(classifyFailure("error", "96")).toBe("error");
    for (const code of ["43", "62", "54", "05", "N7", null])
      expect(classifyFailure("failed", code)).toBe("hard");
  });
});
