import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import * as byLanguage from "./messages/by-language";
import type { IssuerMessages } from "./messages/types";

export type { IssuerMessages } from "./messages/types";

/**
 * One catalogue per language of the checkout (the request's `language`), each in its own file under `messages/`
 * and typed `IssuerMessages`, so a missing or extra text fails the type check. The terms follow the payment page's
 * catalogue of the same language (lib/checkout/messages).
 */
export const ISSUER_MESSAGES = /* @__PURE__ */ defineCatalogues<IssuerMessages>(byLanguage);

export type IssuerLocale = Locale<IssuerMessages>;

/** The catalogue for a transaction's language; English for anything it does not know. */
export function issuerLocale(language: string | null | undefined): IssuerLocale {
  return localeOf(ISSUER_MESSAGES, language);
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
