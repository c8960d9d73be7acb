import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./negotiate-language";

describe("negotiateLanguage", () => {
  it("takes the most wanted language the checkout speaks", () => {
    expect(negotiateLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLanguage("xx, pt-BR;q=0.7, en;q=0.5")).toBe("pt");
    expect(negotiateLanguage("en;q=0.4, ja;q=0.9")).toBe("ja");
    expect(negotiateLanguage("zh-Hant-TW")).toBe("zh");
  });

  it("knows the old and regional codes browsers still send", () => {
    expect(negotiateLanguage("nb-NO")).toBe("no");
    expect(negotiateLanguage("iw")).toBe("he");
  });

  it("ignores refused and unknown ranges, and falls back to English", () => {
    expect(negotiateLanguage("fr;q=0, xx")).toBe("en");
    expect(negotiateLanguage("*")).toBe("en");
    expect(negotiateLanguage("")).toBe("en");
    expect(negotiateLanguage(null)).toBe("en");
  });
});
