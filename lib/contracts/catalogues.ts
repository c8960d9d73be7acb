import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, languageDirection } from "./languages";

/**
 * One text catalogue per language of `LANGUAGES`, each typed like the English reference, so a missing or extra
 * text fails the type check. Every surface that speaks to shoppers keeps one: the payment page, the receipt, the
 * issuer's 3-D Secure pages, the payment-link pages and the shopper e-mails.
 */
export type Catalogues<Messages> = { readonly [L in Language]: Messages };

/**
 * How a surface assembles its catalogues: each language's texts in a file of its own (`messages/de.ts` exporting
 * `de`), all of them re-exported by the surface's `messages/by-language.ts`, whose module is handed here:
 *
 *     import * as byLanguage from "./messages/by-language";
 *     export const RECEIPT_MESSAGES = defineCatalogues<ReceiptMessages>(byLanguage);
 *
 * A language of `LANGUAGES` the module lacks fails the type check at that line, so adding one is an edit to
 * `LANGUAGES` plus a file (and its re-export) per surface. Only the registry's languages are kept, in its order;
 * per-language files keep each surface's texts out of the others' bundles.
 */
export function defineCatalogues<Messages>(byLanguage: Catalogues<Messages>): Catalogues<Messages> {
  const catalogues = {} as Record<Language, Messages>;
  for (const language of LANGUAGES) {
    const messages = byLanguage[language];
    // The type check has seen to this; a module edited behind its back (a JavaScript caller) fails at load.
    if (messages === undefined) throw new Error(`no catalogue for the language "${language}"`);
    catalogues[language] = messages;
  }
  return Object.freeze(catalogues);
}

/** What a page is rendered in: its language, the direction it is written in, and that language's texts. */
export interface Locale<Messages> {
  language: Language;
  dir: "ltr" | "rtl";
  messages: Messages;
}

/**
 * The catalogue for a language as a transaction, a session or `negotiateLanguage` names it; English for anything
 * the checkout does not know (a stored value from before a language was dropped, a typo, nothing at all).
 */
export function localeOf<Messages>(
  catalogues: Catalogues<Messages>,
  language: string | null | undefined,
): Locale<Messages> {
  const known: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return { language: known, dir: languageDirection(known), messages: catalogues[known] };
}
