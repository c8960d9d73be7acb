import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import * as byLanguage from "./messages/by-language";
import type { ReceiptMessages } from "./messages/types";

export type { ReceiptMessages } from "./messages/types";

/**
 * One catalogue per language of the checkout (the transaction's `language`), each in its own file under `messages/`
 * and typed `ReceiptMessages`, so a missing or extra text fails the type check. The terms follow the payment page's
 * and the issuer page's catalogues of the same language.
 */
export const RECEIPT_MESSAGES = /* @__PURE__ */ defineCatalogues<ReceiptMessages>(byLanguage);

export type ReceiptLocale = Locale<ReceiptMessages>;

/** The catalogue for a transaction's language; English for anything it does not know. */
export function receiptLocale(language: string | null | undefined): ReceiptLocale {
  return localeOf(RECEIPT_MESSAGES, language);
}
