import { DEFAULT_LANGUAGE, isLanguage, type Language, languageDirection } from "./languages";

/**
 * One text catalogue per language of the checkout, each typed like the English reference, so a missing or extra
 * text fails the type check. The payment page, the issuer's 3-D Secure pages and the receipt each keep one.
 */
export type Catalogues<Messages> = Record<Language, Messages>;

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
