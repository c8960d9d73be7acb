import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { LINK_MESSAGES, linkLocale } from "./link-messages";
import { linkPageSecurityPolicy, renderLinkPage } from "./render-link-page";

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
  });

  it("has the payment page's language list, which switches with the script or its button, and trust line", () => {
    const html = renderLinkPage({ reason: "expired", language: "ar", nonce: "n0nce" });
    // A GET form back to the link, which reads `lang`; the list names each language in itself.
    expect(html).toMatch(/<form class="language" method="get">/);
    expect(html).toContain(`<label for="language">${LINK_MESSAGES.ar.languageLabel}</label>`);
    expect(html).toContain('<select id="language" name="lang" autocomplete="off">');
    expect(html).toContain('<option value="ar" lang="ar" selected>العربية</option>');
    expect(html).toContain('<option value="de" lang="de">Deutsch</option>');
    expect(html).toContain(
      `<noscript><button type="submit">${LINK_MESSAGES.ar.changeLanguage}</button></noscript>`,
    );
    // Its one script, under the page's nonce, submits the list as soon as a language is chosen.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script nonce="n0nce">']);
    expect(html).toContain("form.submit()");
    // "Secured by Tessera" with the lock, Tessera isolated in the right-to-left text.
    expect(html).toMatch(/<p class="trust"><svg [^>]*aria-hidden="true"/);
    expect(html).toContain('<bdi dir="ltr">Tessera</bdi>');
    expect(linkPageSecurityPolicy("n0nce")).toContain("script-src 'nonce-n0nce'");
    expect(linkPageSecurityPolicy("n0nce")).toContain("form-action 'self'");
  });
});
