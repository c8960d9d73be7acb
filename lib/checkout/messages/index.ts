import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/lib/contracts/languages";
import { en } from "./en";
import type { CheckoutMessages } from "./types";

/**
 * Catalogues by language. Every language of the checkout (`LANGUAGES`) gets its own file beside `en.ts` and an
 * entry here; until then a session in that language is shown in English (with `lang="en"`, so screen readers
 * pronounce it right) while amounts, dates and country names still follow the session's language through `Intl`.
 */
const CATALOGUES: Partial<Record<Language, CheckoutMessages>> = { en };

export function getCheckoutMessages(language: string | null | undefined): CheckoutMessages {
  const wanted = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return CATALOGUES[wanted] ?? en;
}

export { interpolate } from "./interpolate";

export type { CheckoutMessages, FieldMessages, PaymentFieldName } from "./types";
