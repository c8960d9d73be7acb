import type { Language } from "@/lib/contracts/languages";
import { isolatedHtml } from "@/lib/contracts/ltr-runs";
import type { ProductUnavailableReason } from "@/lib/contracts/product";
import { RECEIPT_PALETTE } from "../../payments/pages/render-receipt";
import { type LinkLocale, type LinkMessages, linkLocale } from "./link-messages";

/**
 * The page a payment link shows instead of a checkout: plain server-rendered HTML in the shopper's language, in
 * the theme the system asks for, with the receipt's palette (its contrast is measured there): no script, no
 * third-party resources, one style block by nonce.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

type Palette = (typeof RECEIPT_PALETTE)[keyof typeof RECEIPT_PALETTE];
const properties = (palette: Palette) =>
  `--bg:${palette.bg};--card:${palette.card};--fg:${palette.fg};--muted:${palette.muted};--line:${palette.line}`;

// Logical properties only, so a right-to-left page mirrors.
const STYLES = `
:root{color-scheme:light dark;${properties(RECEIPT_PALETTE.light)}}
@media (prefers-color-scheme:dark){:root{${properties(RECEIPT_PALETTE.dark)}}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-inline-size:28rem;margin-block:2rem;margin-inline:auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:.5rem}
h1{margin-block:0 .5rem;margin-inline:0;font-size:1.5rem;line-height:1.25}
dl{margin-block:1rem 0;margin-inline:0;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.4rem 1rem}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
`;

const TEXTS: Record<ProductUnavailableReason | "not_found", [keyof LinkMessages, keyof LinkMessages]> = {
  sold_out: ["soldOutHeading", "soldOutText"],
  inactive: ["inactiveHeading", "inactiveText"],
  expired: ["expiredHeading", "expiredText"],
  not_found: ["notFoundHeading", "notFoundText"],
};

function layout(locale: LinkLocale, nonce: string, title: string, content: string): string {
  return `<!doctype html>
<html lang="${locale.language}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`;
}

/** Why the link opens no checkout, and what it was for (the merchant's texts take their own direction). */
export function renderLinkPage(page: {
  reason: ProductUnavailableReason | "not_found";
  language: Language;
  nonce: string;
  productName?: string | null;
  shopName?: string | null;
}): string {
  const locale = linkLocale(page.language);
  const { messages } = locale;
  const [headingKey, textKey] = TEXTS[page.reason];
  const details = [
    page.shopName
      ? `<dt>${escapeHtml(messages.merchant)}</dt><dd><bdi>${escapeHtml(page.shopName)}</bdi></dd>`
      : "",
    page.productName
      ? `<dt>${escapeHtml(messages.product)}</dt><dd><bdi>${escapeHtml(page.productName)}</bdi></dd>`
      : "",
  ].filter(Boolean);
  // Translated texts with their left-to-right runs isolated on a right-to-left page, as on the payment page.
  const content = `<h1>${isolatedHtml(messages[headingKey], locale.dir)}</h1>
<p>${isolatedHtml(messages[textKey], locale.dir)}</p>${details.length > 0 ? `\n<dl>\n${details.join("\n")}\n</dl>` : ""}`;
  return layout(locale, page.nonce, messages[headingKey], content);
}
