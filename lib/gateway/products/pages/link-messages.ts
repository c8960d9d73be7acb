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
import type { LinkMessages } from "./messages/types";
import { uk } from "./messages/uk";
import { vi } from "./messages/vi";
import { zh } from "./messages/zh";

export type { LinkMessages } from "./messages/types";

/**
 * The texts of a payment link that opens no checkout (sold out, deactivated, expired, unknown), one typed catalogue
 * per checkout language, each in its own file under `messages/`, so a missing or extra text fails the type check.
 */
export const LINK_MESSAGES: Catalogues<LinkMessages> = {
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

export type LinkLocale = Locale<LinkMessages>;

export function linkLocale(language: string | null | undefined): LinkLocale {
  return localeOf(LINK_MESSAGES, language);
}
