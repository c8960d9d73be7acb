import { brandDisplayName } from "@/lib/cards/brand";
import { currencyMinorUnits } from "@/lib/contracts/currencies";
import { escapeHtml } from "@/lib/contracts/html";
import { isolatedHtml } from "@/lib/contracts/ltr-runs";
import { negotiateLanguage } from "@/lib/contracts/negotiate-language";
import { renderPageShell } from "../../pages/page-shell";
import type { IssuerPage, IssuerPageContext } from "../issuer-flow";
import { returnUrlWithResult } from "../issuer-flow";
import { fill, type IssuerLocale, issuerLocale } from "./issuer-messages";

/**
 * The sandbox issuer's pages as plain server-rendered HTML on the gateway pages' shell: they work with JavaScript off (the one script, which
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

// The issuer's own styles, after the shell's (page-shell.ts: palettes, margins, the shop's colour as the accent);
// logical properties only, so a right-to-left page mirrors.
const STYLES = `
.issuer{margin-block:0 1rem;margin-inline:0;font-size:.875rem;color:var(--muted)}
dd{font-weight:600}
.test-code{padding:.75rem;background:var(--note-bg);border:1px solid var(--note-line);border-radius:.375rem}
label{display:block;font-weight:600;margin-block-start:1rem}
.hint{margin-block:.25rem;margin-inline:0;color:var(--muted);font-size:.9375rem}
.error{margin-block:.25rem;margin-inline:0;color:var(--error);font-weight:600}
input{display:block;inline-size:100%;margin-block-start:.25rem;padding-block:.625rem;padding-inline:.75rem;font:inherit;font-size:1.25rem;letter-spacing:.2em;border:2px solid var(--field);border-radius:.375rem;color:var(--fg);background:var(--card)}
input[aria-invalid="true"]{border-color:var(--error)}
.actions{display:flex;gap:.75rem;margin-block-start:1.25rem;flex-wrap:wrap}
button{display:inline-block;padding-block:.625rem;padding-inline:1.25rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid var(--accent);background:var(--accent);color:var(--on-accent);cursor:pointer}
button.secondary{background:var(--card);color:var(--fg);border-color:var(--field)}
button:focus-visible{outline-color:var(--ring)}
`;

/** A translated text for the page: escaped, its left-to-right runs isolated on a right-to-left page. */
function text(locale: IssuerLocale, value: string): string {
  return isolatedHtml(value, locale.dir);
}

/**
 * The page on the gateway pages' shell, under the shop's colour when a transaction names the shop (the merchant's
 * name is in the page's summary, so no heading of its own); the way back is the page's own Cancel or return button.
 */
function layout(
  locale: IssuerLocale,
  nonce: string,
  title: string,
  content: string,
  shop: { name: string; color: string | null } | null = null,
): string {
  return renderPageShell({
    locale,
    nonce,
    title: `${title} · 3-D Secure`,
    shop,
    shopHeading: false,
    styles: STYLES,
    body: `<p class="issuer">${text(locale, `3-D Secure · ${locale.messages.issuerName}`)}</p>\n${content}`,
  });
}

const shopOf = (context: IssuerPageContext) => ({ name: context.merchantName, color: context.merchantColor });

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
  return {
    status: page.error ? 422 : 200,
    html: layout(locale, nonce, messages.heading, content, shopOf(page.context)),
  };
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
  return { status: 200, html: layout(locale, nonce, messages.methodHeading, content, shopOf(page.context)) };
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
  return { status: 200, html: layout(locale, nonce, heading, content, shopOf(page.context)) };
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
