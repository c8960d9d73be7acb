import { brandDisplayName } from "@/lib/cards/brand";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import type { MoneyResult, MoneyType } from "@/lib/contracts/money-result";
import { negotiateLanguage } from "@/lib/contracts/negotiate-language";
import type { Receipt } from "../get-receipt";
import { type ReceiptLocale, type ReceiptMessages, receiptLocale } from "./receipt-messages";

/**
 * The shopper's receipt as plain server-rendered HTML, in the transaction's language and in the theme the system
 * asks for, like the sandbox issuer's pages: no script, no third-party resources, one style block by nonce.
 */

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

const TITLES: Record<MoneyType, keyof ReceiptMessages> = {
  payment: "paymentTitle",
  authorization: "authorizationTitle",
  capture: "captureTitle",
  void: "voidTitle",
  refund: "refundTitle",
  credit: "payoutTitle",
};

/**
 * The issuer pages' palette. Text (`fg`, `muted`) reaches 4.5:1 on the card and on the test notice in both themes
 * (a unit test measures it); `line` and `noteLine` only outline what the background already sets apart.
 */
export const RECEIPT_PALETTE = {
  light: {
    bg: "#eef0f3",
    card: "#ffffff",
    fg: "#1a1d23",
    muted: "#4a5160",
    line: "#c4c9d2",
    noteBg: "#fff6d5",
    noteLine: "#8a6d00",
  },
  dark: {
    bg: "#111318",
    card: "#1b1f27",
    fg: "#e8eaee",
    muted: "#aab1bd",
    line: "#3a404c",
    noteBg: "#2e2310",
    noteLine: "#d08a2e",
  },
} as const;

function customProperties(palette: (typeof RECEIPT_PALETTE)[keyof typeof RECEIPT_PALETTE]): string {
  return `--bg:${palette.bg};--card:${palette.card};--fg:${palette.fg};--muted:${palette.muted};--line:${palette.line};--note-bg:${palette.noteBg};--note-line:${palette.noteLine}`;
}

// Logical properties only, so a right-to-left page mirrors.
const STYLES = `
:root{color-scheme:light dark;${customProperties(RECEIPT_PALETTE.light)}}
@media (prefers-color-scheme:dark){:root{${customProperties(RECEIPT_PALETTE.dark)}}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-inline-size:28rem;margin-block:2rem;margin-inline:auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:.5rem}
h1{margin-block:0 .5rem;margin-inline:0;font-size:1.5rem;line-height:1.25}
.test{display:inline-block;margin:0;padding-block:.125rem;padding-inline:.5rem;background:var(--note-bg);border:1px solid var(--note-line);border-radius:.25rem;font-size:.875rem}
.amount{margin-block:.5rem 1rem;margin-inline:0;font-size:2rem;font-weight:600;line-height:1.25}
dl{margin:0;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.4rem 1rem}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
`;

function layout(locale: ReceiptLocale, nonce: string, title: string, content: string): string {
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

/** The date and time in the shopper's language and calendar, in UTC and saying so. */
export function formatReceiptDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

type Detail = { label: string; html: string };

// A value isolated from the page's direction: numbers and identifiers read left to right in a right-to-left page;
// the merchant's own texts take the direction of their first strong character.
const leftToRight = (value: string) => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
const ownDirection = (value: string) => `<bdi>${escapeHtml(value)}</bdi>`;

/** A detail when it has a value (a payout has no authorization code, an order may have no tracking id). */
function detail(
  label: string,
  value: string | null | undefined,
  render: (value: string) => string,
): Detail | null {
  return value === null || value === undefined || value === "" ? null : { label, html: render(value) };
}

/** The receipt page: what was charged (or paid out), by whom, to which card, with the acquirer's references. */
export function renderReceipt(receipt: Receipt, nonce: string): string {
  const { transaction } = receipt;
  const locale = receiptLocale(transaction.language);
  const { messages, language } = locale;
  const type = transaction.type as MoneyType;
  const result = transaction[type] as MoneyResult | undefined;
  const card = transaction.credit_card;
  const at = transaction.paid_at ?? transaction.updated_at;
  const title = messages[TITLES[type]];
  const brand = card.brand ? `${escapeHtml(brandDisplayName(card.brand))} ` : "";
  const details: (Detail | null)[] = [
    detail(messages.merchant, receipt.shopName, ownDirection),
    detail(messages.description, transaction.description, ownDirection),
    {
      label: messages.date,
      html: `<time datetime="${escapeHtml(at)}">${escapeHtml(formatReceiptDate(at, language))}</time>`,
    },
    {
      label: messages.card,
      html: `${brand}<bdi dir="ltr"><span aria-hidden="true">••••</span> ${escapeHtml(card.last_4)}</bdi>`,
    },
    detail(messages.authorizationCode, result?.auth_code, leftToRight),
    detail(messages.reference, result?.rrn, leftToRight),
    detail(messages.statementDescriptor, result?.billing_descriptor, ownDirection),
    detail(messages.order, transaction.tracking_id, ownDirection),
    detail(messages.transaction, transaction.uid, leftToRight),
  ];
  const rows = details
    .filter((entry): entry is Detail => entry !== null)
    .map((entry) => `<dt>${escapeHtml(entry.label)}</dt><dd>${entry.html}</dd>`)
    .join("\n");
  const content = `<h1>${escapeHtml(title)}</h1>
${transaction.test ? `<p class="test">${escapeHtml(messages.testNotice)}</p>` : ""}
<p class="amount">${leftToRight(formatAmount(transaction.amount, transaction.currency, language))}</p>
<dl>
${rows}
</dl>`;
  const documentTitle = receipt.shopName ? `${title} · ${receipt.shopName}` : title;
  return layout(locale, nonce, documentTitle, content);
}

/** No transaction to take the language from: the browser's own (`Accept-Language`), as on the issuer's 404 page. */
export function renderReceiptNotFound(nonce: string, acceptLanguage: string | null | undefined): string {
  const locale = receiptLocale(negotiateLanguage(acceptLanguage));
  const { messages } = locale;
  const content = `<h1>${escapeHtml(messages.notFoundHeading)}</h1>
<p>${escapeHtml(messages.notFoundText)}</p>`;
  return layout(locale, nonce, messages.notFoundHeading, content);
}
