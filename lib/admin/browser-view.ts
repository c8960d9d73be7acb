import type { CheckoutView } from "@/lib/contracts/checkout";
import type { Transaction } from "@/lib/contracts/transaction";

/**
 * What the admin's read endpoints send to the browser. A stored card's token charges the card again with the
 * shop's key, and its stamp links the card across transactions: the admin pages need neither, so neither leaves
 * the server. A card keeps `token_issued`, all the pages show of its token.
 */

export type BrowserCard<T> = Omit<T, "token" | "stamp"> & { token_issued: boolean };

/** Where a stored card sits in a gateway answer: a transaction's `credit_card`, a subscription's `card`. */
const CARD_KEYS = new Set(["credit_card", "card"]);

function scrub(value: unknown, underCard: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => scrub(item, false));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "stamp") continue;
    if (underCard && key === "token") continue;
    copy[key] = scrub(item, CARD_KEYS.has(key));
  }
  if (underCard) copy.token_issued = typeof (value as { token?: unknown }).token === "string";
  return copy;
}

/**
 * A deep copy of a gateway answer without any `credit_card.token`, subscription `card.token` (the recurring token
 * renewals charge) or `stamp`.
 */
export function forTheBrowser<T>(value: T): T {
  return scrub(value, false) as T;
}

/**
 * A checkout session as the admin's list shows it. Its token is the bearer credential of the session's payment page
 * (it pays, and reads the shopper's details): it stays on the server, with the page address that carries it
 * (`redirect_url`) and the last transaction's other fields, whose `return_url` is the page's own return address
 * with the token in it. The list shows the last transaction's uid and links to it; its page reads it on its own.
 */
export type BrowserCheckout = Omit<CheckoutView, "token" | "redirect_url" | "gateway_response"> & {
  gateway_response: { transaction: Pick<Transaction, "uid" | "status"> } | null;
};

export function checkoutForTheBrowser(view: CheckoutView): BrowserCheckout {
  const { token: _token, redirect_url: _redirectUrl, gateway_response: response, ...shown } = view;
  const transaction = response?.transaction;
  return forTheBrowser({
    ...shown,
    gateway_response: transaction
      ? { transaction: { uid: transaction.uid, status: transaction.status } }
      : null,
  });
}
