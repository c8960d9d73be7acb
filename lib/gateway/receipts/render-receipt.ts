import { brandDisplayName } from "@/lib/cards/brand";
import { formatAmount } from "@/lib/contracts/format-amount";
import { escapeHtml } from "@/lib/contracts/html";
import type { Language } from "@/lib/contracts/languages";
import type { MoneyResult, MoneyType } from "@/lib/contracts/money-result";
import { negotiateLanguage } from "@/lib/contracts/negotiate-language";
import { PAGE_PALETTE, renderPageShell } from "../pages/page-shell";
import type { Receipt } from "./get-receipt";
import { type ReceiptMessages, receiptLocale } from "./receipt-messages";

/**
 * The shopper's receipt as plain server-rendered HTML, in the transaction's language and in the theme the system
 * asks for, like the sandbox issuer's pages: no script, no third-party resources, one style block by nonce.
 */

const TITLES: Record<MoneyType, keyof ReceiptMessages> = {
  payment: "paymentTitle",
  authorization: "authorizationTitle",
  capture: "captureTitle",
  void: "voidTitle",
  refund: "refundTitle",
  credit: "payoutTitle",
};

/** The receipt's palette is the gateway pages' one (page-shell.ts), whose contrast its test measures. */
export const RECEIPT_PALETTE = PAGE_PALETTE;

// The receipt's own styles, after the shell's; logical properties only, so a right-to-left page mirrors. On a phone
// each value goes under its term: beside the longest term ("Statement descriptor") a date or a uid had a few letters
// a line.
const STYLES = `
.test{display:inline-block;margin:0;padding-block:.125rem;padding-inline:.5rem;background:var(--note-bg);border:1px solid var(--note-line);border-radius:.25rem;font-size:.875rem}
.amount{margin-block:.5rem 1rem;margin-inline:0;font-size:2rem;font-weight:600;line-height:1.25}
dl{margin:0}
.contact{margin:0;padding:0;list-style:none}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);row-gap:0}dd{margin-block-end:.6rem}}
`;

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

/**
 * How to reach the merchant (the shop's support settings): e-mail and phone as links that open the shopper's own
 * programs, the site as a link; none when the shop gave none.
 */
function contactDetail(label: string, contact: Receipt["shop"]["contact"]): Detail | null {
  const lines = [
    contact.email ? `<a href="mailto:${escapeHtml(contact.email)}">${leftToRight(contact.email)}</a>` : null,
    contact.phone
      ? `<a href="tel:${escapeHtml(contact.phone.replace(/[^+\d]/g, ""))}">${leftToRight(contact.phone)}</a>`
      : null,
    contact.url ? `<a href="${escapeHtml(contact.url)}">${leftToRight(displayUrl(contact.url))}</a>` : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return { label, html: `<ul class="contact">${lines.map((line) => `<li>${line}</li>`).join("")}</ul>` };
}

/** A site's address as people write it: no scheme, no trailing slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
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
    detail(messages.merchant, receipt.shop.name, ownDirection),
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
    contactDetail(messages.contact, receipt.shop.contact),
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
  const { shop } = receipt;
  const documentTitle = shop.name ? `${title} · ${shop.name}` : title;
  return renderPageShell({
    locale,
    nonce,
    title: documentTitle,
    shop: shop.name ? shop : null,
    backUrl: shop.contact.url,
    styles: STYLES,
    body: content,
  });
}

/** No transaction to take the language from: the browser's own (`Accept-Language`), as on the issuer's 404 page. */
export function renderReceiptNotFound(nonce: string, acceptLanguage: string | null | undefined): string {
  const locale = receiptLocale(negotiateLanguage(acceptLanguage));
  const { messages } = locale;
  const content = `<h1>${escapeHtml(messages.notFoundHeading)}</h1>
<p>${escapeHtml(messages.notFoundText)}</p>`;
  return renderPageShell({ locale, nonce, title: messages.notFoundHeading, styles: STYLES, body: content });
}
