import { defineCatalogues, localeOf } from "@/lib/contracts/catalogues";
import { LANGUAGES, type Language } from "@/lib/contracts/languages";
import * as byLanguage from "./by-language";
import type { CheckoutMessages } from "./types";

/**
 * One catalogue per language of the checkout, each typed `CheckoutMessages` like the English reference (so `tsc`
 * fails on a missing or extra key). Server-side only: a page hands its components the one catalogue it renders
 * with, and browser code imports nothing from here but types.
 */
const CATALOGUES = /* @__PURE__ */ defineCatalogues<CheckoutMessages>(byLanguage);

/** The catalogue for a session's or a browser's language; English for anything the checkout does not know. */
export function getCheckoutMessages(language: string | null | undefined): CheckoutMessages {
  return localeOf(CATALOGUES, language).messages;
}

export interface LanguageOption {
  code: Language;
  /** The language named in itself ("Deutsch", "العربية"), for the switcher. */
  name: string;
}

let options: LanguageOption[] | null = null;

/** Every language of the checkout, named in itself, in the order of `LANGUAGES` (worked out once). */
export function languageOptions(): LanguageOption[] {
  options ??= LANGUAGES.map((code) => {
    const name = new Intl.DisplayNames([code], { type: "language", fallback: "code" }).of(code) ?? code;
    // "français", "español": a name standing alone in a list starts with a capital where the script has one
    // (Georgian's capital letters are not used that way).
    if (code === "ka") return { code, name };
    return { code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
  });
  return options;
}

export { negotiateLanguage } from "@/lib/contracts/negotiate-language";
export { interpolate, plural } from "./interpolate";

export type { CheckoutMessages, FieldMessages, PaymentFieldName, PluralMessage } from "./types";
