import { formatAmount } from "@/lib/checkout/format";
import type { MoneyResult, MoneyType } from "@/lib/contracts/money-result";
import type { Receipt } from "../get-receipt";

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

const TITLES: Record<MoneyType, string> = {
  payment: "Payment receipt",
  authorization: "Authorization receipt",
  capture: "Capture receipt",
  void: "Void receipt",
  refund: "Refund receipt",
  credit: "Payout receipt",
};

const STYLES = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2433}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.5rem;padding:1.5rem 2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p.amount{font-size:2rem;margin:.5rem 0 1rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0}dt{color:#5b6475}dd{margin:0;word-break:break-all}
.test{display:inline-block;background:#fff3cd;color:#664d03;border-radius:.25rem;padding:0 .4rem;font-size:.85rem}`;

/** The receipt page: what was charged (or paid out), by whom, to which card, with the acquirer's references. */
export function renderReceipt(receipt: Receipt, nonce: string): string {
  const { transaction } = receipt;
  const type = transaction.type as MoneyType;
  const result = transaction[type] as MoneyResult | undefined;
  const card = transaction.credit_card;
  const at = transaction.paid_at ?? transaction.updated_at;
  const rows: [string, string | number | null | undefined][] = [
    ["Merchant", receipt.shopName],
    ["Description", transaction.description],
    ["Date", `${at.slice(0, 10)} ${at.slice(11, 19)} UTC`],
    ["Card", `${card.brand ?? "card"} •••• ${card.last_4}`],
    ["Authorization code", result?.auth_code],
    ["Reference (RRN)", result?.rrn],
    ["Statement descriptor", result?.billing_descriptor],
    ["Order", transaction.tracking_id],
    ["Transaction", transaction.uid],
  ];
  const details = rows
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value as string | number)}</dd>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(TITLES[type])} · ${escapeHtml(receipt.shopName)}</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
<main>
<h1>${escapeHtml(TITLES[type])}</h1>
${transaction.test ? '<span class="test">Test transaction: no money moved</span>' : ""}
<p class="amount">${escapeHtml(formatAmount(transaction.amount, transaction.currency, "en"))}</p>
<dl>${details}</dl>
</main>
</body>
</html>`;
}
