import { describe, expect, it } from "vitest";
import {
  DEFAULT_REPORT_DAYS,
  datesOf,
  defaultReportRange,
  MAX_REPORT_DAYS,
  readReportMode,
  readReportRange,
} from "./report-range";

const now = new Date("2031-05-14T15:30:00.000Z");

function read(query: string, at: Date = now) {
  return readReportRange(new URLSearchParams(query), at);
}

describe("the dashboard's report range", () => {
  it("is the last 14 UTC days, today included, without parameters", () => {
    expect(DEFAULT_REPORT_DAYS).toBe(14);
    expect(defaultReportRange(now)).toEqual({ from: "2031-05-01", to: "2031-05-14" });
    expect(read("")).toEqual({ from: "2031-05-01", to: "2031-05-14" });
    const dates = datesOf(read(""));
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2031-05-01");
    expect(dates.at(-1)).toBe("2031-05-14");
  });

  it("takes today in UTC, not in the server's or the merchant's zone", () => {
    // 23:30 in New York on the 14th is already the 15th in UTC.
    expect(read("", new Date("2031-05-14T23:30:00-05:00"))).toEqual({ from: "2031-05-02", to: "2031-05-15" });
    expect(read("", new Date("2031-05-15T00:00:00.000Z")).to).toBe("2031-05-15");
    expect(read("", new Date("2031-05-14T23:59:59.999Z")).to).toBe("2031-05-14");
  });

  it("takes ?from=&to= as given, both days included", () => {
    const range = read("from=2031-01-01&to=2031-01-31");
    expect(range).toEqual({ from: "2031-01-01", to: "2031-01-31" });
    const dates = datesOf(range);
    expect(dates).toHaveLength(31);
    expect(dates[0]).toBe("2031-01-01");
    expect(dates.at(-1)).toBe("2031-01-31");
    expect(datesOf(read("from=2031-03-05&to=2031-03-05"))).toEqual(["2031-03-05"]);
  });

  it("counts 14 days back from `to` without `from`, and runs to today without `to`", () => {
    expect(read("to=2031-03-10")).toEqual({ from: "2031-02-25", to: "2031-03-10" });
    expect(read("from=2031-05-10")).toEqual({ from: "2031-05-10", to: "2031-05-14" });
  });

  it("lists every calendar day across month ends and a leap day", () => {
    expect(datesOf(read("from=2032-02-27&to=2032-03-01"))).toEqual([
      "2032-02-27",
      "2032-02-28",
      "2032-02-29",
      "2032-03-01",
    ]);
    expect(datesOf(read("from=2030-12-30&to=2031-01-02"))).toEqual([
      "2030-12-30",
      "2030-12-31",
      "2031-01-01",
      "2031-01-02",
    ]);
  });

  it("allows 92 days and cuts a longer range to the 92 days ending at `to`", () => {
    expect(MAX_REPORT_DAYS).toBe(92);
    const exact = read("from=2031-02-12&to=2031-05-14");
    expect(exact).toEqual({ from: "2031-02-12", to: "2031-05-14" });
    expect(datesOf(exact)).toHaveLength(92);

    const longer = read("from=2031-02-11&to=2031-05-14");
    expect(longer).toEqual({ from: "2031-02-12", to: "2031-05-14" });
    const year = read("from=2030-01-01&to=2031-05-14");
    expect(year).toEqual({ from: "2031-02-12", to: "2031-05-14" });
    expect(datesOf(year)).toHaveLength(92);
  });

  it("never lists more than 92 dates, whatever range it is handed", () => {
    const dates = datesOf({ from: "2020-01-01", to: "2031-05-14" });
    expect(dates).toHaveLength(92);
    expect(dates[0]).toBe("2020-01-01");
  });

  it.each([
    ["a date that does not exist", "from=2031-02-30&to=2031-03-10", { from: "2031-02-25", to: "2031-03-10" }],
    ["a non-leap 29 February", "from=2031-02-29&to=2031-03-10", { from: "2031-02-25", to: "2031-03-10" }],
    ["a date without leading zeros", "from=2031-5-1&to=2031-05-14", { from: "2031-05-01", to: "2031-05-14" }],
    ["an instant instead of a date", "from=2031-05-10T00:00:00Z", { from: "2031-05-01", to: "2031-05-14" }],
    ["words", "from=yesterday&to=today", { from: "2031-05-01", to: "2031-05-14" }],
    ["empty values", "from=&to=", { from: "2031-05-01", to: "2031-05-14" }],
    [
      "a bad `to` with a good `from`",
      "from=2031-05-03&to=2031-13-01",
      { from: "2031-05-03", to: "2031-05-14" },
    ],
  ])("ignores %s and uses the default for it", (_name, query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it("shows the one day `to` when `from` comes after it", () => {
    expect(read("from=2031-04-20&to=2031-04-10")).toEqual({ from: "2031-04-10", to: "2031-04-10" });
    // A `from` in the future, without `to`: only today.
    expect(read("from=2031-06-01")).toEqual({ from: "2031-05-14", to: "2031-05-14" });
    expect(datesOf(read("from=2031-06-01"))).toEqual(["2031-05-14"]);
  });
});

describe("the dashboard's live / test switch", () => {
  it("shows live money unless the URL asks for test money", () => {
    expect(readReportMode(new URLSearchParams(""))).toBe(false);
    expect(readReportMode(new URLSearchParams("test=false"))).toBe(false);
    expect(readReportMode(new URLSearchParams("test=true"))).toBe(true);
  });
});
