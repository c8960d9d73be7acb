import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import * as byLanguage from "./messages/by-language";
import type { ShopperEmailMessages } from "./messages/types";

export type { ShopperEmailMessages } from "./messages/types";

/**
 * One catalogue per language of the checkout (the transaction's `language`), each in its own file under `messages/`
 * and typed `ShopperEmailMessages`, so a missing or extra text fails the type check.
 */
export const SHOPPER_EMAIL_MESSAGES = /* @__PURE__ */ defineCatalogues<ShopperEmailMessages>(byLanguage);

export type ShopperEmailLocale = Locale<ShopperEmailMessages>;

/** The catalogue for a transaction's language; English for anything it does not know. */
export function shopperEmailLocale(language: string | null | undefined): ShopperEmailLocale {
  return localeOf(SHOPPER_EMAIL_MESSAGES, language);
}
