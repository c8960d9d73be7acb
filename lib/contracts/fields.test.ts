import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  booleanValue,
  calendarDate,
  email,
  httpUrl,
  ipAddress,
  minorUnitAmount,
  optional,
  optionalString,
  pastCalendarDate,
  requiredString,
  withAddressRules,
  withDefault,
} from "./fields";
import { isCalendarDate, isHttpUrl, isIpv4, isIpv6, isLocalDateTime } from "./formats";

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("formats", () => {
  it("accepts IPv4 dotted quads only", () => {
    for (const ok of ["0.0.0.0", "192.168.1.1", "255.255.255.255"]) expect(isIpv4(ok)).toBe(true);
    for (const bad of ["256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.4 ", "a.b.c.d"]) {
      expect(isIpv4(bad)).toBe(false);
    }
  });

  it("accepts IPv6 text forms", () => {
    for (const ok of ["::", "::1", "2001:db8::1", "fe80::1:2:3:4", "1:2:3:4:5:6:7:8", "::ffff:192.0.2.1"]) {
      expect(isIpv6(ok)).toBe(true);
    }
    for (const bad of [
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "12345::",
      ":::",
      "1:2",
      "::ffff:300.0.0.1",
      "fe80::1%eth0",
    ]) {
      expect(isIpv6(bad)).toBe(false);
    }
  });

  it("accepts absolute http(s) URLs only", () => {
    expect(isHttpUrl("https://merchant.example/return?x=1")).toBe(true);
    expect(isHttpUrl("http://localhost:3000/hook")).toBe(true);
    for (const bad of [
      "ftp://x",
      "/relative",
      "http:example.com",
      "https://",
      " https://x.example",
      "https://a b",
    ]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it("accepts real calendar dates and date-times", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("2024-04-31")).toBe(false);
    expect(isCalendarDate("2024-4-01")).toBe(false);
    expect(isLocalDateTime("2025-07-01T23:59:59")).toBe(true);
    expect(isLocalDateTime("2025-07-01T24:00:00")).toBe(false);
    expect(isLocalDateTime("2025-07-01 10:00:00")).toBe(false);
    expect(isLocalDateTime("2025-07-01T10:00:00Z")).toBe(false);
    expect(isLocalDateTime("2025-02-30T10:00:00")).toBe(false);
  });
});

describe("field builders", () => {
  it("required strings: missing, null and blank are blank; wrong type and length have their messages", () => {
    const schema = z.object({ name: requiredString(5) });
    expect(messages(schema, {})).toEqual(["can't be blank"]);
    expect(messages(schema, { name: null })).toEqual(["can't be blank"]);
    expect(messages(schema, { name: "   " })).toEqual(["can't be blank"]);
    expect(messages(schema, { name: 5 })).toEqual(["must be a string"]);
    expect(messages(schema, { name: "123456" })).toEqual(["is too long (maximum is 5 characters)"]);
    expect(schema.parse({ name: "12345" })).toEqual({ name: "12345" });
  });

  it("optional fields treat null as absent", () => {
    const schema = z.object({ note: optionalString(3), flag: withDefault(booleanValue(), true) });
    expect(schema.parse({ note: null, flag: null })).toEqual({ note: undefined, flag: true });
    expect(schema.parse({})).toEqual({ flag: true });
    expect(messages(schema, { note: 1, flag: "yes" })).toEqual(["must be a string", "must be true or false"]);
  });

  it("amounts: numbers or digit strings, positive integers within 2^53 - 1", () => {
    const amount = minorUnitAmount();
    expect(amount.parse(3245)).toBe(3245);
    expect(amount.parse("3245")).toBe(3245);
    expect(amount.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(messages(amount, 0)).toEqual(["must be greater than 0"]);
    expect(messages(amount, "-5")).toEqual(["must be greater than 0"]);
    expect(messages(amount, 12.5)).toEqual(["must be an integer"]);
    expect(messages(amount, "12.5")).toEqual(["must be an integer"]);
    expect(messages(amount, "abc")).toEqual(["is not a number"]);
    // Exactly ^[0-9]+$: no sign, no whitespace around the digits.
    for (const loose of ["+100", " 100 ", "100\n", "\t100", "100 ", "1 00", "０１"]) {
      expect(messages(amount, loose), JSON.stringify(loose)).toEqual(["is not a number"]);
    }
    expect(messages(amount, true)).toEqual(["is not a number"]);
    expect(messages(amount, [1])).toEqual(["is not a number"]);
    expect(messages(amount, undefined)).toEqual(["can't be blank"]);
    expect(messages(amount, "")).toEqual(["can't be blank"]);
    expect(messages(amount, Number.MAX_SAFE_INTEGER + 1)).toEqual([
      "must be less than or equal to 9007199254740991",
    ]);
    expect(messages(amount, "99999999999999999999")).toEqual([
      "must be less than or equal to 9007199254740991",
    ]);
  });

  it("formats with Rails-style messages", () => {
    expect(messages(ipAddress(), "1.2.3")).toEqual(["address is invalid"]);
    expect(messages(ipAddress(), "2001:db8::1")).toEqual([]);
    expect(messages(email(), "someone@example")).toEqual(["is invalid"]);
    expect(messages(email(), "someone@example.com")).toEqual([]);
    expect(messages(httpUrl(), "ftp://x")).toEqual(["is invalid"]);
    expect(messages(httpUrl(), `https://x.example/${"a".repeat(2048)}`)).toEqual([
      "is too long (maximum is 2048 characters)",
    ]);
    expect(messages(calendarDate(), "2023-02-29")).toEqual(["is invalid"]);
  });

  it("birth dates may not lie in the future anywhere on Earth", () => {
    const now = () => new Date("2025-06-15T12:00:00Z");
    expect(messages(pastCalendarDate(now), "2025-06-16")).toEqual([]);
    expect(messages(pastCalendarDate(now), "2025-06-17")).toEqual(["can't be in the future"]);
  });
});

describe("withAddressRules", () => {
  const address = withAddressRules(
    z.object({ country: optional(z.string()), state: optional(z.string()), zip: optional(z.string()) }),
  );
  const errors = (value: object) =>
    address.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

  it("allows a state for US and CA only, from that country's list", () => {
    expect(errors({ country: "CA", state: "ON" })).toEqual([]);
    expect(errors({ country: "US", state: "PR" })).toEqual([]);
    expect(errors({ country: "US", state: "ZZ" })).toEqual([["state", "is invalid"]]);
    expect(errors({ country: "CA", state: "NY" })).toEqual([["state", "is invalid"]]);
    expect(errors({ country: "DE", state: "BY" })).toEqual([
      ["state", "is only allowed when country is US or CA"],
    ]);
    expect(errors({ state: "NY" })).toEqual([["state", "is only allowed when country is US or CA"]]);
    expect(errors({ country: "DE", state: "" })).toEqual([]);
  });

  it("checks the zip format for the US only", () => {
    expect(errors({ country: "US", zip: "12345" })).toEqual([]);
    expect(errors({ country: "US", zip: "12345-6789" })).toEqual([]);
    expect(errors({ country: "US", zip: "1234" })).toEqual([["zip", "is invalid"]]);
    expect(errors({ country: "US", zip: "123456" })).toEqual([["zip", "is invalid"]]);
    expect(errors({ country: "GB", zip: "SW1A 1AA" })).toEqual([]);
  });
});
