import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brandColourFor, contrastRatio, MINIMUM_TEXT_CONTRAST, THEME_SURFACES } from "./contrast";

const hexColour = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);

describe("contrast", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // WCAG's own example pair is just below AA: #777777 on white is 4.48:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#1f4fd1", "#ffffff")).toBeGreaterThan(MINIMUM_TEXT_CONTRAST);
  });

  it("keeps a brand colour that already contrasts, and moves one that does not", () => {
    expect(brandColourFor("#1F4FD1", "light")).toBe("#1f4fd1");
    expect(brandColourFor("#ffff00", "light")).not.toBe("#ffff00");
    expect(brandColourFor("#1f4fd1", "dark")).not.toBe("#1f4fd1");
    expect(brandColourFor("#ffd700", "dark")).toBe("#ffd700");
  });

  it.each(["light", "dark"] as const)("gives 4.5:1 in the %s theme for any colour", (theme) => {
    const { surfaces, onBrand } = THEME_SURFACES[theme];
    fc.assert(
      fc.property(hexColour, (colour) => {
        const shown = brandColourFor(colour, theme);
        for (const other of [...surfaces, onBrand]) {
          expect(contrastRatio(shown, other)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
        }
      }),
    );
  });

  it("refuses what is not a #rrggbb colour", () => {
    expect(() => contrastRatio("red", "#ffffff")).toThrow(RangeError);
  });
});
