import { currencyMinorUnits } from "./currencies";

/**
 * An amount in minor units in the currency's own decimals (ISO 4217): 3245 USD is 32.45, 3245 JPY is 3,245,
 * 3245 KWD is 3.245. Intl's own digits for a currency are CLDR's display habits, so they are set explicitly.
 * One function for the hosted page, the receipt and the shopper e-mails, so an amount reads the same in all three.
 */
export function formatAmount(minorUnits: number, currency: string, locale: string): string {
  const digits = currencyMinorUnits(currency);
  const major = minorUnits / 10 ** digits;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(major);
}
