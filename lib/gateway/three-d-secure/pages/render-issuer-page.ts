import { brandDisplayName } from "@/lib/cards/brand";
import { currencyMinorUnits } from "@/lib/contracts/currencies";
import { isolatedHtml } from "@/lib/contracts/ltr-runs";
import { negotiateLanguage } from "@/lib/contracts/negotiate-language";
import type { IssuerPage, IssuerPageContext } from "../issuer-flow";
import { returnUrlWithResult } from "../issuer-flow";
import { fill, type IssuerLocale, issuerLocale } from "./issuer-messages";

/**
 * The sandbox issuer's pages as plain server-rendered HTML: they work with JavaScript off (the one script, which
 * submits the device-data form, has a button in <noscript> to do the same) and carry no third-party resources.
 * On a right-to-left page every Latin or digit run of a translated text ("3-D Secure", the code's length, the test
 * code) is isolated, as on the payment page, and the merchant's name takes its own direction.
 */

export interface RenderedPage {
  status: 200 | 404 | 422;
  html: string;
}

export interface PagePaths {
  /** Where the challenge form posts (the page's own path). */
  challenge: string;
  /** Where the device-data form posts. */
  method: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** Minor units in the currency's own ISO 4217 decimals, in the shopper's language. */
function formatAmount(amount: number, currency: string, language: string): string {
  try {
    const digits = currencyMinorUnits(currency);
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

// Colours chosen for contrast of at least 4.5:1 (text) and 3:1 (borders, focus ring) on their backgrounds, in the
// light theme and in the dark one the system asks for; logical properties only, so a right-to-left page mirrors.
const STYLES = `
:root{color-scheme:light dark;--bg:#eef0f3;--card:#fff;--fg:#1a1d23;--muted:#4a5160;--line:#c4c9d2;--field:#5b6270;--accent:#1d4ed8;--on-accent:#fff;--ring:#0b1f66;--error:#b3261e;--note-bg:#fff6d5;--note-line:#8a6d00}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--card:#1b1f27;--fg:#e8eaee;--muted:#aab1bd;--line:#3a404c;--field:#8a93a3;--accent:#8ab4ff;--on-accent:#111318;--ring:#ffffff;--error:#ff8a80;--note-bg:#2e2310;--note-line:#d08a2e}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-inline-size:28rem;margin-block:2rem;margin-inline:auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:.5rem}
.issuer{margin-block:0 1rem;margin-inline:0;font-size:.875rem;color:var(--muted)}
h1{margin-block:0 .5rem;margin-inline:0;font-size:1.5rem;line-height:1.25}
dl{margin-block:1rem;margin-inline:0;display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.test-code{padding:.75rem;background:var(--note-bg);border:1px solid var(--note-line);border-radius:.375rem}
label{display:block;font-weight:600;margin-block-start:1rem}
.hint{margin-block:.25rem;margin-inline:0;color:var(--muted);font-size:.9375rem}
.error{margin-block:.25rem;margin-inline:0;color:var(--error);font-weight:600}
input{display:block;inline-size:100%;margin-block-start:.25rem;padding-block:.625rem;padding-inline:.75rem;font:inherit;font-size:1.25rem;letter-spacing:.2em;border:2px solid var(--field);border-radius:.375rem;color:var(--fg);background:var(--card)}
input[aria-invalid="true"]{border-color:var(--error)}
.actions{display:flex;gap:.75rem;margin-block-start:1.25rem;flex-wrap:wrap}
button,.button{display:inline-block;padding-block:.625rem;padding-inline:1.25rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid var(--accent);background:var(--accent);color:var(--on-accent);text-decoration:none;cursor:pointer}
button.secondary{background:var(--card);color:var(--fg);border-color:var(--field)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button:focus-visible,.button:focus-visible{outline-color:var(--ring)}
`;

/** A translated text for the page: escaped, its left-to-right runs isolated on a right-to-left page. */
function text(locale: IssuerLocale, value: string): string {
  return isolatedHtml(value, locale.dir);
}

function layout(locale: IssuerLocale, nonce: string, title: string, content: string): string {
  return `<!doctype html>
<html lang="${locale.language}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · 3-D Secure</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
<main>
<p class="issuer">${text(locale, `3-D Secure · ${locale.messages.issuerName}`)}</p>
${content}
</main>
</body>
</html>`;
}

function summary(locale: IssuerLocale, context: IssuerPageContext): string {
  const { messages } = locale;
  const brand = context.brand ? brandDisplayName(context.brand) : messages.card;
  return `<dl>
<dt>${escapeHtml(messages.merchant)}</dt><dd><bdi>${escapeHtml(context.merchantName)}</bdi></dd>
${
  context.cardCheck
    ? ""
    : `<dt>${escapeHtml(messages.amount)}</dt><dd><bdi dir="ltr">${escapeHtml(formatAmount(context.amount, context.currency, locale.language))}</bdi></dd>
`
}<dt>${escapeHtml(messages.card)}</dt><dd>${escapeHtml(brand)} <bdi dir="ltr"><span aria-hidden="true">••••</span> ${escapeHtml(context.last4)}</bdi></dd>
</dl>`;
}

function challengePage(
  page: Extract<IssuerPage, { kind: "challenge" }>,
  locale: IssuerLocale,
  nonce: string,
  paths: PagePaths,
): RenderedPage {
  const { messages } = locale;
  const describedBy = ["code-hint"];
  let error = "";
  if (page.error) {
    describedBy.push("code-error");
    const message =
      page.error === "blank" ? messages.errorBlank : fill(messages.errorWrong, { count: page.attemptsLeft });
    error = `<p id="code-error" class="error">${text(locale, message)}</p>`;
  }
  let testCode = "";
  if (page.testCode) {
    describedBy.push("test-code");
    const [before, after] = messages.testCode.split("{code}");
    testCode = `<p id="test-code" class="test-code">${text(locale, before)}<strong>${text(locale, page.testCode)}</strong>${text(locale, after ?? "")}</p>`;
  }
  const content = `<h1>${escapeHtml(messages.heading)}</h1>
<p>${text(locale, page.context.cardCheck ? messages.introCardCheck : messages.intro)}</p>
${summary(locale, page.context)}
${testCode}
<form method="post" action="${escapeHtml(paths.challenge)}">
<label for="code">${escapeHtml(messages.codeLabel)}</label>
<p id="code-hint" class="hint">${text(locale, messages.codeHint)}</p>
${error}
<input id="code" name="code" type="text" dir="ltr" inputmode="numeric" autocomplete="one-time-code" maxlength="6" spellcheck="false" aria-describedby="${describedBy.join(" ")}"${page.error ? ' aria-invalid="true" autofocus' : ""}>
<div class="actions">
<button type="submit" name="action" value="confirm">${escapeHtml(messages.submit)}</button>
<button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(messages.cancel)}</button>
</div>
</form>`;
  return { status: page.error ? 422 : 200, html: layout(locale, nonce, messages.heading, content) };
}

function methodPage(
  page: Extract<IssuerPage, { kind: "method" }>,
  locale: IssuerLocale,
  nonce: string,
  paths: PagePaths,
): RenderedPage {
  const { messages } = locale;
  // The device data a 3-D Secure 2 issuer collects from the browser (EMV 3DS browser fields).
  const script = `(function(){var f=document.getElementById("device-data");
f.elements.browser_language.value=navigator.language||"";
f.elements.browser_color_depth.value=String(screen.colorDepth||"");
f.elements.browser_screen_height.value=String(screen.height||"");
f.elements.browser_screen_width.value=String(screen.width||"");
f.elements.browser_tz.value=String(new Date().getTimezoneOffset());
f.submit();})();`;
  const content = `<h1>${escapeHtml(messages.methodHeading)}</h1>
<p role="status">${text(locale, messages.methodText)}</p>
${summary(locale, page.context)}
<form id="device-data" method="post" action="${escapeHtml(paths.method)}">
<input type="hidden" name="browser_language" value="">
<input type="hidden" name="browser_color_depth" value="">
<input type="hidden" name="browser_screen_height" value="">
<input type="hidden" name="browser_screen_width" value="">
<input type="hidden" name="browser_tz" value="">
<noscript><div class="actions"><button type="submit">${escapeHtml(messages.continue)}</button></div></noscript>
</form>
<script nonce="${nonce}">${script}</script>`;
  return { status: 200, html: layout(locale, nonce, messages.methodHeading, content) };
}

function resultPage(
  page: Extract<IssuerPage, { kind: "result" }>,
  locale: IssuerLocale,
  nonce: string,
): RenderedPage {
  const { messages } = locale;
  const successful = page.status === "successful";
  // "Verified" only when 3-D Secure took place; otherwise what happened to the card (a shop without 3-D Secure).
  const [heading, body] = page.context.threeDSecure
    ? successful
      ? [messages.successHeading, messages.successText]
      : [messages.failedHeading, messages.failedText]
    : successful
      ? [messages.acceptedHeading, messages.acceptedText]
      : [messages.declinedHeading, messages.declinedText];
  const { returnUrl, uid } = page.context;
  const back = returnUrl
    ? `<p><a class="button" href="${escapeHtml(returnUrlWithResult(returnUrl, { uid, status: page.status }))}">${escapeHtml(messages.returnLink)}</a></p>`
    : "";
  const content = `<h1>${text(locale, heading)}</h1>
<p role="status">${text(locale, body)}</p>
${summary(locale, page.context)}
${back}`;
  return { status: 200, html: layout(locale, nonce, heading, content) };
}

/** No transaction to take the language from: the browser's own (`Accept-Language`). */
function notFoundPage(nonce: string, acceptLanguage: string | null | undefined): RenderedPage {
  const locale = issuerLocale(negotiateLanguage(acceptLanguage));
  const { messages } = locale;
  const content = `<h1>${escapeHtml(messages.notFoundHeading)}</h1>
<p>${text(locale, messages.notFoundText)}</p>`;
  return { status: 404, html: layout(locale, nonce, messages.notFoundHeading, content) };
}

export function renderIssuerPage(
  page: IssuerPage,
  nonce: string,
  paths: PagePaths,
  acceptLanguage?: string | null,
): RenderedPage {
  if (page.kind === "not_found") return notFoundPage(nonce, acceptLanguage);
  const locale = issuerLocale(page.context.language);
  switch (page.kind) {
    case "challenge":
      return challengePage(page, locale, nonce, paths);
    case "method":
      return methodPage(page, locale, nonce, paths);
    case "result":
      return resultPage(page, locale, nonce);
  }
}
