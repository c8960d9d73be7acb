import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import * as byLanguage from "./messages/by-language";
import type { SubscriptionCancelMessages } from "./messages/types";

export type { SubscriptionCancelMessages } from "./messages/types";

/** One catalogue per language of the checkout for the subscriber's cancel page, typed like the English one. */
const CATALOGUES = /* @__PURE__ */ defineCatalogues<SubscriptionCancelMessages>(byLanguage);

/** The cancel page's texts in a language; English for anything the checkout does not know. */
export function subscriptionCancelLocale(
  language: string | null | undefined,
): Locale<SubscriptionCancelMessages> {
  return localeOf(CATALOGUES, language);
}

/** The subscriber's cancel link's token: 256 random bits in hex. */
export const CANCEL_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
