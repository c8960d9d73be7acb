import { describe, expect, it } from "vitest";
import { describeRefusal, moneyActionSchema, parseMajorAmount, toMajorUnits } from "./money-form";

describe("amounts typed in major units", () => {
  it("reads the currency's own decimals", () => {
    expect(parseMajorAmount("12.5", "EUR", 10_000)).toEqual({ ok: true, amount: 1250 });
    expect(parseMajorAmount(" 12,05 ", "EUR", 10_000)).toEqual({ ok: true, amount: 1205 });
    expect(parseMajorAmount("12", "EUR", 10_000)).toEqual({ ok: true, amount: 1200 });
    expect(parseMajorAmount("500", "JPY", 10_000)).toEqual({ ok: true, amount: 500 });
    expect(parseMajorAmount("1.234", "KWD", 10_000)).toEqual({ ok: true, amount: 1234 });
  });

  it("counts ISO 4217 decimals where display habits show none (HUF, IDR) or two (IQD)", () => {
    expect(parseMajorAmount("1250", "HUF", 10_000_000)).toEqual({ ok: true, amount: 125000 });
    expect(parseMajorAmount("1,250", "HUF", 10_000_000)).toEqual({ ok: true, amount: 125000 });
    expect(parseMajorAmount("12.50", "HUF", 10_000_000)).toEqual({ ok: true, amount: 1250 });
    expect(parseMajorAmount("1,250.00", "HUF", 10_000_000)).toEqual({ ok: true, amount: 125000 });
    expect(parseMajorAmount("1.250", "IQD", 10_000_000)).toEqual({ ok: true, amount: 1250 });
    expect(toMajorUnits(125000, "HUF")).toBe("1250.00");
    expect(toMajorUnits(1250, "IDR")).toBe("12.50");
  });

  it("refuses what it would have to guess, zero, and more than the maximum", () => {
    expect(parseMajorAmount("12.505", "EUR", 10_000)).toMatchObject({ ok: false });
    expect(parseMajorAmount("1,000.0,0", "EUR", 1_000_000)).toMatchObject({ ok: false });
    expect(parseMajorAmount("1,000", "KWD", 1_000_000)).toEqual({ ok: true, amount: 1000 });
    expect(parseMajorAmount("5.5", "JPY", 10_000)).toEqual({
      ok: false,
      reason: "format",
      message: "Enter a whole amount in JPY",
    });
    expect(parseMajorAmount("-1", "EUR", 10_000)).toMatchObject({ ok: false });
    expect(parseMajorAmount("", "EUR", 10_000)).toEqual({
      ok: false,
      reason: "blank",
      message: "Enter an amount",
    });
    expect(parseMajorAmount("0.00", "EUR", 10_000)).toEqual({
      ok: false,
      reason: "zero",
      message: "Enter an amount above zero",
    });
    expect(parseMajorAmount("100.01", "EUR", 10_000)).toEqual({
      ok: false,
      reason: "too_large",
      message: "Enter at most 100.00 EUR",
    });
    // Past what a number counts exactly is too much, not too little.
    expect(parseMajorAmount("900719925474099.99", "EUR", 10_000)).toMatchObject({
      ok: false,
      reason: "too_large",
    });
  });

  it("writes minor units back as the merchant would type them", () => {
    expect(toMajorUnits(1250, "EUR")).toBe("12.50");
    expect(toMajorUnits(5, "EUR")).toBe("0.05");
    expect(toMajorUnits(500, "JPY")).toBe("500");
    expect(toMajorUnits(1234, "KWD")).toBe("1.234");
  });
});

describe("the server action's input", () => {
  const parentUid = "6f3c2a10-0d5b-4c1e-9a77-2b8d4e6f1a23";
  const requestId = "0b7e4a52-8c1d-4f3a-b6e2-9d0c1a2b3c4d";

  it("needs a reason for a refund, and none for a capture or a void", () => {
    const refund = moneyActionSchema.safeParse({
      operation: "refund",
      parentUid,
      amount: 100,
      requestId,
      reason: " ",
    });
    expect(refund.success).toBe(false);
    expect(refund.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["reason", "can't be blank"],
    ]);
    expect(
      moneyActionSchema.safeParse({ operation: "capture", parentUid, amount: 100, requestId }).success,
    ).toBe(true);
  });

  it("refuses anything but a uid, whole minor units above zero and a known operation", () => {
    for (const input of [
      { operation: "capture", parentUid: "../shop", amount: 100, requestId },
      { operation: "capture", parentUid, amount: 1.5, requestId },
      { operation: "capture", parentUid, amount: 0, requestId },
      { operation: "void", parentUid, amount: 100, requestId: "again" },
      { operation: "credit", parentUid, amount: 100, requestId },
    ]) {
      expect(moneyActionSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe("the gateway's refusal, in the merchant's terms", () => {
  it("turns a limit in minor units into money of the parent's currency", () => {
    const refusal = {
      message: "Amount can't be greater than 1250",
      errors: { amount: ["can't be greater than 1250"] },
    };
    expect(describeRefusal(refusal, "EUR")).toBe("The amount is more than is left: at most €12.50 now.");
    expect(describeRefusal({ ...refusal, errors: { amount: ["can't be greater than 500"] } }, "JPY")).toBe(
      "The amount is more than is left: at most ¥500 now.",
    );
  });

  it("passes every other refusal on as the gateway worded it", () => {
    const expired = { message: "Authorization is expired", errors: { base: ["Authorization is expired"] } };
    expect(describeRefusal(expired, "EUR")).toBe("Authorization is expired");
  });
});
