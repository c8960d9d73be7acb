import { type Catalogues, localeOf } from "@/lib/contracts/catalogues";
import { LANGUAGES, type Language } from "@/lib/contracts/languages";
import { ar } from "./ar";
import { be } from "./be";
import { bg } from "./bg";
import { cs } from "./cs";
import { da } from "./da";
import { de } from "./de";
import { el } from "./el";
import { en } from "./en";
import { es } from "./es";
import { et } from "./et";
import { fa } from "./fa";
import { fi } from "./fi";
import { fr } from "./fr";
import { he } from "./he";
import { hr } from "./hr";
import { hu } from "./hu";
import { hy } from "./hy";
import { id } from "./id";
import { it } from "./it";
import { ja } from "./ja";
import { ka } from "./ka";
import { kk } from "./kk";
import { ko } from "./ko";
import { lt } from "./lt";
import { lv } from "./lv";
import { nl } from "./nl";
import { no } from "./no";
import { pl } from "./pl";
import { pt } from "./pt";
import { ro } from "./ro";
import { ru } from "./ru";
import { sk } from "./sk";
import { sl } from "./sl";
import { sr } from "./sr";
import { sv } from "./sv";
import { th } from "./th";
import { tr } from "./tr";
import type { CheckoutMessages } from "./types";
import { uk } from "./uk";
import { vi } from "./vi";
import { zh } from "./zh";

/**
 * One catalogue per language of the checkout, each typed `CheckoutMessages` like the English reference (so `tsc`
 * fails on a missing or extra key). Server-side only: a page hands its components the one catalogue it renders
 * with, and browser code imports nothing from here but types.
 */
const CATALOGUES: Catalogues<CheckoutMessages> = {
  en,
  de,
  fr,
  es,
  it,
  pt,
  nl,
  pl,
  ru,
  uk,
  be,
  tr,
  zh,
  ja,
  ko,
  ar,
  he,
  fa,
  cs,
  sk,
  sl,
  hr,
  sr,
  bg,
  ro,
  hu,
  el,
  da,
  sv,
  no,
  fi,
  et,
  lv,
  lt,
  ka,
  hy,
  kk,
  vi,
  th,
  id,
};

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
