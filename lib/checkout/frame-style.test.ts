import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contrastRatio, MINIMUM_TEXT_CONTRAST } from "@/lib/contracts/contrast";
import { FRAME_THEMES, frameColour, frameStyleVariables } from "./frame-style";

const hexColour = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);

describe("frameStyleVariables", () => {
  it("maps beGateway's widget style onto the page's theme", () => {
    expect(
      frameStyleVariables({
        color: "#123456",
        "font-family": "Georgia, 'Times New Roman', serif",
        "border-radius": "4px",
      }),
    ).toEqual([
      ["--fg", "#123456"],
      ["--font", "Georgia, 'Times New Roman', serif"],
      ["--radius", "4px"],
    ]);
    expect(frameStyleVariables({ "background-color": "rgb(250, 250, 250)", "button-color": "#036" })).toEqual(
      [
        ["--bg", "#fafafa"],
        ["--frame-brand", "#003366"],
      ],
    );
  });

  it("ignores every other property and anything that could load or escape", () => {
    expect(
      frameStyleVariables({
        "background-image": "url(https://evil.example/x.png)",
        background: "url(https://evil.example/x.png)",
        color: "red; background: url(https://evil.example/)",
        "font-family": "x}body{background:url(//evil.example)",
        "border-radius": "calc(var(--x))",
        display: "none",
        position: "fixed",
        content: '"x"',
        width: "100px",
      }),
    ).toEqual([]);
    expect(frameStyleVariables("color: red")).toEqual([]);
    expect(frameStyleVariables(null)).toEqual([]);
    expect(frameStyleVariables(["color", "red"])).toEqual([]);
    expect(frameStyleVariables({ color: 5 })).toEqual([]);
  });

  it("takes colours it can measure: #rgb, #rrggbb, rgb(); not names, transparency or other functions", () => {
    expect(frameColour("#ABC")).toBe("#aabbcc");
    expect(frameColour("rgb(0, 128, 255)")).toBe("#0080ff");
    for (const value of [
      "navy",
      "transparent",
      "#12345678",
      "rgba(0,0,0,0)",
      "rgb(256,0,0)",
      "hsl(0,0%,0%)",
    ]) {
      expect(frameColour(value), value).toBeNull();
    }
  });

  it("moves a merchant's colour only as far as the shopper's theme needs to read it", () => {
    // Dark text made for a light page stays as it is there, and turns light enough in the dark theme.
    expect(frameStyleVariables({ color: "#123456" }, "light")).toEqual([["--fg", "#123456"]]);
    const [[, dark]] = frameStyleVariables({ color: "#123456" }, "dark");
    expect(dark).not.toBe("#123456");
    expect(contrastRatio(dark, FRAME_THEMES.dark.bg)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
  });

  it.each(["light", "dark"] as const)(
    "%s: any text, background and button colour keeps 4.5:1 with what it is drawn with",
    (theme) => {
      const colours = FRAME_THEMES[theme];
      fc.assert(
        fc.property(hexColour, hexColour, hexColour, (color, background, button) => {
          const variables = new Map(
            frameStyleVariables({ color, "background-color": background, "button-color": button }, theme),
          );
          const fg = variables.get("--fg") as string;
          const bg = variables.get("--bg") as string;
          const brand = variables.get("--frame-brand") as string;
          const ratio = (a: string, b: string) => contrastRatio(a, b) >= MINIMUM_TEXT_CONTRAST;
          expect(ratio(colours.muted, bg) && ratio(colours.fg, bg)).toBe(true);
          expect([bg, colours.card, colours.inputBg].every((surface) => ratio(fg, surface))).toBe(true);
          expect([bg, colours.card, colours.onBrand].every((surface) => ratio(brand, surface))).toBe(true);
        }),
      );
    },
  );

  it("knows the page's own colours as its stylesheets set them", () => {
    const css = ["app/globals.css", "app/checkout/checkout.css"]
      .map((file) => fs.readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8"))
      .join("\n");
    const declared = (variable: string, value: string) => css.includes(`${variable}: ${value};`);
    for (const theme of ["light", "dark"] as const) {
      const colours = FRAME_THEMES[theme];
      expect(declared("--fg", colours.fg), `${theme} --fg`).toBe(true);
      expect(declared("--muted", colours.muted), `${theme} --muted`).toBe(true);
      expect(declared("--bg", colours.bg), `${theme} --bg`).toBe(true);
      expect(declared("--card", colours.card), `${theme} --card`).toBe(true);
      expect(declared("--input-bg", colours.inputBg), `${theme} --input-bg`).toBe(true);
      expect(declared("--on-brand", colours.onBrand), `${theme} --on-brand`).toBe(true);
    }
  });
});
