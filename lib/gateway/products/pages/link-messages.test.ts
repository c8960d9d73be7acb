import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { LINK_MESSAGES, linkLocale } from "./link-messages";
import { renderLinkPage } from "./render-link-page";

describe("the payment link page's message catalogue", () => {
  const english = LINK_MESSAGES.en;

  it.each(LANGUAGES)("%s has every message, none empty", (language) => {
    const messages = LINK_MESSAGES[language];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(messages))
      expect(text.trim(), `${language}.${key}`).not.toBe("");
  });

  it("is translated, not copied from English", () => {
    for (const language of LANGUAGES.filter((code) => code !== "en")) {
      for (const [key, text] of Object.entries(LINK_MESSAGES[language])) {
        if (text.split(" ").length < 3) continue;
        expect(text, `${language}.${key}`).not.toBe(english[key as keyof typeof english]);
      }
    }
  });

  it.each(LANGUAGES)("%s tells the four cases apart", (language) => {
    const m = LINK_MESSAGES[language];
    const headings = [m.soldOutHeading, m.inactiveHeading, m.expiredHeading, m.notFoundHeading];
    expect(new Set(headings).size).toBe(4);
  });

  it("writes Arabic, Hebrew and Persian right to left", () => {
    expect(linkLocale("ar").dir).toBe("rtl");
    expect(linkLocale("he").dir).toBe("rtl");
    expect(linkLocale("fa").dir).toBe("rtl");
    expect(linkLocale("xx")).toMatchObject({ language: "en", dir: "ltr" });
  });

  it("renders the page in the language asked for, escaping the merchant's texts", () => {
    const html = renderLinkPage({
      reason: "sold_out",
      language: "he",
      nonce: "n0nce",
      productName: "<b>Mug</b>",
      shopName: "Shop & Co",
    });
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain(`<h1>${LINK_MESSAGES.he.soldOutHeading}</h1>`);
    expect(html).toContain("&lt;b&gt;Mug&lt;/b&gt;");
    expect(html).toContain("Shop &amp; Co");
    expect(html).toContain('<style nonce="n0nce">');
    expect(html).not.toContain("<script");
  });
});
