import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { fill, ISSUER_MESSAGES, issuerLocale } from "./issuer-messages";

describe("the issuer pages' message catalogue", () => {
  const english = ISSUER_MESSAGES.en;

  it.each(LANGUAGES)("%s has every message, with the same placeholders as English", (language) => {
    const messages = ISSUER_MESSAGES[language];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${language}.${key}`).not.toBe("");
      const placeholders = (value: string) => value.match(/\{\w+\}/g) ?? [];
      expect(placeholders(text), `${language}.${key}`).toEqual(
        placeholders(english[key as keyof typeof english]),
      );
    }
  });

  it("is translated, not copied from English", () => {
    for (const language of LANGUAGES.filter((code) => code !== "en")) {
      for (const [key, text] of Object.entries(ISSUER_MESSAGES[language])) {
        // Short words may coincide ("Status"); a sentence never does.
        if (text.split(" ").length < 3) continue;
        expect(text, `${language}.${key}`).not.toBe(english[key as keyof typeof english]);
      }
    }
  });

  it("writes Arabic, Hebrew and Persian right to left and falls back to English", () => {
    expect(issuerLocale("ar").dir).toBe("rtl");
    expect(issuerLocale("he").dir).toBe("rtl");
    expect(issuerLocale("fa").dir).toBe("rtl");
    expect(issuerLocale("de")).toMatchObject({ language: "de", dir: "ltr" });
    expect(issuerLocale("xx")).toMatchObject({ language: "en", dir: "ltr" });
    expect(issuerLocale(null).messages).toBe(english);
  });

  it("fills placeholders and leaves unknown ones", () => {
    expect(fill("Attempts left: {count}. {other}", { count: 2 })).toBe("Attempts left: 2. {other}");
  });
});
