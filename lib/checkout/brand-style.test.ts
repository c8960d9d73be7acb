import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { brandStyleSheet, styleHashSource } from "./brand-style";

describe("brandStyleSheet", () => {
  it("gives the shop's colour for both themes, adjusted where it lacks contrast", () => {
    expect(brandStyleSheet("#1f4fd1")).toBe(
      ".checkout{--brand:var(--frame-brand,#1f4fd1)}@media (prefers-color-scheme:dark){.checkout{--brand:var(--frame-brand,#6283df)}}",
    );
    expect(brandStyleSheet("#FFFF00")).toMatch(
      /^\.checkout\{--brand:var\(--frame-brand,#(?!ffff00)[0-9a-f]{6}\)\}/,
    );
  });

  it("refuses anything but #rrggbb", () => {
    expect(brandStyleSheet(null)).toBeNull();
    expect(brandStyleSheet("red")).toBeNull();
    expect(brandStyleSheet("#123}body{display:none")).toBeNull();
  });

  it("hashes the style as a CSP source", async () => {
    const css = brandStyleSheet("#0d7a5f") ?? "";
    const expected = createHash("sha256").update(css).digest("base64");
    expect(await styleHashSource(css)).toBe(`'sha256-${expected}'`);
  });
});
