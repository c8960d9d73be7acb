import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { subscriptionCancelLocale } from "./index";

const english = subscriptionCancelLocale("en").messages;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the subscriber's cancel page catalogue", () => {
  it.each(LANGUAGES)("%s has every text, with the date where English has it", (language) => {
    const { messages } = subscriptionCancelLocale(language);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${language}.${key}`).not.toBe("");
      expect(placeholders(text), `${language}.${key}`).toEqual(
        placeholders(english[key as keyof typeof english]),
      );
    }
  });

  it("is translated, not copied from English", () => {
    for (const language of LANGUAGES.filter((code) => code !== "en")) {
      expect(subscriptionCancelLocale(language).messages.explain, language).not.toBe(english.explain);
    }
  });

  it("is written right to left where the language is", () => {
    expect(subscriptionCancelLocale("ar").dir).toBe("rtl");
    expect(subscriptionCancelLocale("he").dir).toBe("rtl");
    expect(subscriptionCancelLocale("de").dir).toBe("ltr");
  });
});
