import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import * as byLanguage from "./messages/by-language";
import type { LinkMessages } from "./messages/types";

export type { LinkMessages } from "./messages/types";

/**
 * The texts of a payment link that opens no checkout (sold out, deactivated, expired, unknown), one typed catalogue
 * per checkout language, each in its own file under `messages/`, so a missing or extra text fails the type check.
 */
export const LINK_MESSAGES = /* @__PURE__ */ defineCatalogues<LinkMessages>(byLanguage);

export type LinkLocale = Locale<LinkMessages>;

export function linkLocale(language: string | null | undefined): LinkLocale {
  return localeOf(LINK_MESSAGES, language);
}
