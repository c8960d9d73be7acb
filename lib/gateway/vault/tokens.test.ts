import { describe, expect, it } from "vitest";
import { generateCardToken, isCardToken } from "./tokens";

describe("generateCardToken", () => {
  it("produces 64 lowercase hex characters", () => {
    expect(generateCardToken()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not repeat", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateCardToken));
    expect(tokens.size).toBe(1000);
  });
});

describe("isCardToken", () => {
  it("accepts generated tokens", () => {
    expect(isCardToken(generateCardToken())).toBe(true);
  });

  it.each([
    ["uppercase hex", "A".repeat(64)],
    ["too short", "a".repeat(63)],
    ["too long", "a".repeat(65)],
    ["non-hex", "g".repeat(64)],
    ["a card number", "4111111111111111"],
    ["surrounding whitespace", ` ${"a".repeat(64)}`],
    ["a trailing newline", `${"a".repeat(64)}\n`],
    ["empty", ""],
  ])("rejects %s", (_name, value) => {
    expect(isCardToken(value)).toBe(false);
  });
});
