import { type Catalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import { ar } from "./messages/ar";
import { be } from "./messages/be";
import { bg } from "./messages/bg";
import { cs } from "./messages/cs";
import { da } from "./messages/da";
import { de } from "./messages/de";
import { el } from "./messages/el";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { et } from "./messages/et";
import { fa } from "./messages/fa";
import { fi } from "./messages/fi";
import { fr } from "./messages/fr";
import { he } from "./messages/he";
import { hr } from "./messages/hr";
import { hu } from "./messages/hu";
import { hy } from "./messages/hy";
import { id } from "./messages/id";
import { it } from "./messages/it";
import { ja } from "./messages/ja";
import { ka } from "./messages/ka";
import { kk } from "./messages/kk";
import { ko } from "./messages/ko";
import { lt } from "./messages/lt";
import { lv } from "./messages/lv";
import { nl } from "./messages/nl";
import { no } from "./messages/no";
import { pl } from "./messages/pl";
import { pt } from "./messages/pt";
import { ro } from "./messages/ro";
import { ru } from "./messages/ru";
import { sk } from "./messages/sk";
import { sl } from "./messages/sl";
import { sr } from "./messages/sr";
import { sv } from "./messages/sv";
import { th } from "./messages/th";
import { tr } from "./messages/tr";
import type { ShopperEmailMessages } from "./messages/types";
import { uk } from "./messages/uk";
import { vi } from "./messages/vi";
import { zh } from "./messages/zh";

export type { ShopperEmailMessages } from "./messages/types";

/**
 * One catalogue per language of the checkout (the transaction's `language`), each in its own file under `messages/`
 * and typed `ShopperEmailMessages`, so a missing or extra text fails the type check.
 */
export const SHOPPER_EMAIL_MESSAGES: Catalogues<ShopperEmailMessages> = {
  ar,
  be,
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fa,
  fi,
  fr,
  he,
  hr,
  hu,
  hy,
  id,
  it,
  ja,
  ka,
  kk,
  ko,
  lt,
  lv,
  nl,
  no,
  pl,
  pt,
  ro,
  ru,
  sk,
  sl,
  sr,
  sv,
  th,
  tr,
  uk,
  vi,
  zh,
};

export type ShopperEmailLocale = Locale<ShopperEmailMessages>;

/** The catalogue for a transaction's language; English for anything it does not know. */
export function shopperEmailLocale(language: string | null | undefined): ShopperEmailLocale {
  return localeOf(SHOPPER_EMAIL_MESSAGES, language);
}
