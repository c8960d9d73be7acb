import { defineCatalogues, localeOf } from "@/lib/contracts/catalogues";
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

export { type LanguageOption, languageOptions } from "@/lib/contracts/languages";

export { negotiateLanguage } from "@/lib/contracts/negotiate-language";
export { interpolate, plural } from "./interpolate";

export type { CheckoutMessages, FieldMessages, PaymentFieldName, PluralMessage } from "./types";
