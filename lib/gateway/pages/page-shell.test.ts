import { describe, expect, it } from "vitest";
import { contrastRatio, MINIMUM_TEXT_CONTRAST } from "@/lib/contracts/contrast";
import { LANGUAGES } from "@/lib/contracts/languages";
import { renderLinkPage } from "../products/pages/render-link-page";
import { renderReceiptNotFound } from "../receipts/render-receipt";
import { renderIssuerPage } from "../three-d-secure/pages/render-issuer-page";
import { accentFor, PAGE_PALETTE, renderPageShell, SHELL_MESSAGES } from "./page-shell";

const shell = (overrides: Partial<Parameters<typeof renderPageShell>[0]> = {}) =>
  renderPageShell({
    locale: { language: "en", dir: "ltr" },
    nonce: "n",
    title: "T",
    body: "<h1>Body</h1>",
    ...overrides,
  });

/** The shell's own rules, which every gateway page must carry alike. */
const SHELL_RULES = [
  /body\{margin:0;padding-block:1rem;padding-inline:1rem;/,
  /main\{max-inline-size:28rem;/,
];

describe("the gateway pages' shell", () => {
  it.each(LANGUAGES)("%s: says the way back, with the shop's place kept", (language) => {
    expect(SHELL_MESSAGES[language].backTo).toContain("{shop}");
    if (language !== "en") expect(SHELL_MESSAGES[language].backTo).not.toBe(SHELL_MESSAGES.en.backTo);
  });

  it("keeps the card off the screen's edges, in light and dark, with the page's language and direction", () => {
    const html = shell({ locale: { language: "ar", dir: "rtl" } });
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    for (const rule of SHELL_RULES) expect(html).toMatch(rule);
    expect(html).toContain("@media (prefers-color-scheme:dark)");
    expect(html).not.toMatch(/\b(left|right)\s*:|margin-(left|right)|padding-(left|right)|text-align/);
  });

  it("heads the page with the shop's name and links back to its site, the name one run right to left", () => {
    const html = shell({
      locale: { language: "ar", dir: "rtl" },
      shop: { name: "Marks & Spencer", color: "#0d7a5f" },
      backUrl: "https://shop.example/",
    });
    expect(html).toContain('<p class="shop"><bdi>Marks &amp; Spencer</bdi></p>');
    expect(html).toContain('<a href="https://shop.example/">');
    expect(html).toContain("<bdi>Marks &amp; Spencer</bdi></a>");
    expect(html).toContain("--accent:#0d7a5f");
  });

  it("links only to a web address, and leaves the heading to a body that names the shop", () => {
    const html = shell({
      shop: { name: "Shop", color: null },
      shopHeading: false,
      backUrl: "javascript:alert(1)",
    });
    expect(html).not.toContain('class="back"');
    expect(html).not.toContain('class="shop"');
    expect(html).toContain(`--accent:${PAGE_PALETTE.light.accent}`);
  });

  it.each(["#ffffff", "#ffe000", "#000000", "#0d7a5f"])(
    "%s as the accent reaches 4.5:1 for links and under button text in both themes",
    (colour) => {
      for (const palette of [PAGE_PALETTE.light, PAGE_PALETTE.dark]) {
        const accent = accentFor(colour, palette);
        for (const surface of [palette.card, palette.bg, palette.onAccent]) {
          expect(contrastRatio(accent, surface)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
        }
      }
    },
  );

  it("is the same shell on the issuer's, the link's and the receipt's pages", () => {
    const pages = [
      renderIssuerPage({ kind: "not_found" }, "n", { challenge: "/c", method: "/m" }).html,
      renderLinkPage({
        reason: "sold_out",
        language: "en",
        nonce: "n",
        shopName: "Shop",
        shopColor: "#0d7a5f",
      }),
      renderReceiptNotFound("n", "en"),
    ];
    for (const html of pages) for (const rule of SHELL_RULES) expect(html).toMatch(rule);
    expect(pages[1]).toContain("--accent:#0d7a5f");
  });
});
