import { escapeHtml } from "@/lib/contracts/html";
import { type Language, languageOptions } from "@/lib/contracts/languages";
import { isolatedHtml } from "@/lib/contracts/ltr-runs";
import type { ProductUnavailableReason } from "@/lib/contracts/product";
import { renderPageShell } from "../../pages/page-shell";
import { type LinkLocale, type LinkMessages, linkLocale } from "./link-messages";

/**
 * The page a payment link shows instead of a checkout, on the gateway pages' shell (page-shell.ts: language and
 * direction, light and dark, margins, the shop's colour and the way back to its site), its one script by nonce. As on the payment page: a language list that switches
 * at once (the script submits it; a button in <noscript> does without), and the lock and "Secured by Tessera".
 */

/** The headers of a link's page: nothing loads but its own nonce'd style and script; its form only comes back here. */
export function linkPageSecurityPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
}

// The page's own styles, after the shell's (page-shell.ts); logical properties only, so a right-to-left page mirrors.
const STYLES = `
dl{margin-block:1rem 0}
.language{display:flex;flex-wrap:wrap;align-items:center;justify-content:flex-end;gap:.5rem;margin-block:0 1rem}
.language label{font-weight:600}
select,button{font:inherit;min-block-size:2.75rem;padding-block:.25rem;padding-inline:.5rem;border:1px solid var(--muted);border-radius:.375rem;background:var(--card);color:var(--fg);max-inline-size:100%}
.trust{display:flex;align-items:center;justify-content:center;gap:.375rem;margin-block:1.25rem 0;color:var(--muted);font-size:.875rem}
`;

const LOCK = `<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 3.5a2 2 0 1 1 4 0V7H6V4.5Z"/></svg>`;

/** The language list: a GET form back to the link with `?lang=`, which the link reads. */
function languageForm(locale: LinkLocale, nonce: string): string {
  const { messages } = locale;
  const options = languageOptions()
    .map(
      (option) =>
        `<option value="${option.code}" lang="${option.code}"${option.code === locale.language ? " selected" : ""}>${escapeHtml(option.name)}</option>`,
    )
    .join("");
  return `<form class="language" method="get">
<label for="language">${escapeHtml(messages.languageLabel)}</label>
<select id="language" name="lang" autocomplete="off">${options}</select>
<noscript><button type="submit">${escapeHtml(messages.changeLanguage)}</button></noscript>
</form>
<script nonce="${nonce}">document.getElementById("language").addEventListener("change",function(e){e.target.form.submit()});</script>`;
}

const TEXTS: Record<
  ProductUnavailableReason | "not_found" | "busy",
  [keyof LinkMessages, keyof LinkMessages]
> = {
  busy: ["busyHeading", "busyText"],
  sold_out: ["soldOutHeading", "soldOutText"],
  inactive: ["inactiveHeading", "inactiveText"],
  expired: ["expiredHeading", "expiredText"],
  not_found: ["notFoundHeading", "notFoundText"],
};

/** Why the link opens no checkout, and what it was for (the merchant's texts take their own direction). */
export function renderLinkPage(page: {
  reason: ProductUnavailableReason | "not_found" | "busy";
  language: Language;
  nonce: string;
  productName?: string | null;
  shopName?: string | null;
  /** The shop's colour (the page's accent) and site (its way back), when the link is the shop's. */
  shopColor?: string | null;
  shopUrl?: string | null;
}): string {
  const locale = linkLocale(page.language);
  const { messages } = locale;
  const [headingKey, textKey] = TEXTS[page.reason];
  const heading = messages[headingKey];
  const text = messages[textKey];
  const details = [
    page.shopName
      ? `<dt>${escapeHtml(messages.merchant)}</dt><dd><bdi>${escapeHtml(page.shopName)}</bdi></dd>`
      : "",
    page.productName
      ? `<dt>${escapeHtml(messages.product)}</dt><dd><bdi>${escapeHtml(page.productName)}</bdi></dd>`
      : "",
  ].filter(Boolean);
  // Translated texts with their left-to-right runs isolated on a right-to-left page, as on the payment page.
  const content = `<h1>${isolatedHtml(heading, locale.dir)}</h1>
<p>${isolatedHtml(text, locale.dir)}</p>${details.length > 0 ? `\n<dl>\n${details.join("\n")}\n</dl>` : ""}`;
  return renderPageShell({
    locale,
    nonce: page.nonce,
    title: heading,
    shop: page.shopName ? { name: page.shopName, color: page.shopColor ?? null } : null,
    // The details below name the merchant already.
    shopHeading: false,
    backUrl: page.shopUrl,
    styles: STYLES,
    body: `${languageForm(locale, page.nonce)}\n${content}`,
    footer: `<p class="trust">${LOCK}<span>${isolatedHtml(messages.securedBy, locale.dir)}</span></p>\n`,
  });
}
