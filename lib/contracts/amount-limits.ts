import { CURRENCY_CODES, type CurrencyCode, currencyMinorUnits, isCurrencyCode } from "./currencies";
import type { ErrorTree } from "./errors";

/**
 * The most any one transaction may move, per currency, in major units: one billion (EUR 1,000,000,000), and one
 * trillion in currencies whose major unit is worth less than about a tenth of a US cent, where a billion is an
 * ordinary large sum. Far above any real card payment, far below 2^53 minor units (at most 10^15, IQD), so every
 * amount and every sum of a day's amounts stays exact.
 */
export const AMOUNT_CEILING_MAJOR_UNITS = 1_000_000_000;
export const HIGH_DENOMINATION_CEILING_MAJOR_UNITS = 1_000_000_000_000;

// biome-ignore format: one line keeps the list checkable by eye
export const HIGH_DENOMINATION_CURRENCIES: readonly CurrencyCode[] = ["BIF", "CDF", "CLP", "COP", "GNF", "IDR", "IQD", "IRR", "KHR", "KPW", "KRW", "LAK", "LBP", "MGA", "MMK", "MNT", "MWK", "NGN", "PYG", "RWF", "SYP", "TZS", "UGX", "UZS", "VND"];

/** The ceiling in major units of `currency`. */
export function amountCeilingMajorUnits(currency: CurrencyCode): number {
  return HIGH_DENOMINATION_CURRENCIES.includes(currency)
    ? HIGH_DENOMINATION_CEILING_MAJOR_UNITS
    : AMOUNT_CEILING_MAJOR_UNITS;
}

/** Major units of `currency` in its minor units (5,000 EUR → 500000, 5,000 JPY → 5000, 5,000 KWD → 5000000). */
export function majorToMinorUnits(major: number, currency: CurrencyCode): number {
  return major * 10 ** currencyMinorUnits(currency);
}

/** The largest amount of one transaction in `currency`, in its minor units. */
export function maximumAmount(currency: CurrencyCode): number {
  return majorToMinorUnits(amountCeilingMajorUnits(currency), currency);
}

/** `can't be greater than N`, beGateway's wording, under `amount` when the amount is over its currency's ceiling. */
export function amountCeilingErrors(amount: number, currency: string): ErrorTree {
  if (!isCurrencyCode(currency)) return {};
  const maximum = maximumAmount(currency);
  return amount > maximum ? { amount: [`can't be greater than ${maximum}`] } : {};
}

/**
 * The currencies in which `amount` is over the ceiling: for a check made where the currency is not yet known (a
 * child's, under its parent's lock, by the database).
 */
export function currenciesOverCeiling(amount: number): CurrencyCode[] {
  return CURRENCY_CODES.filter((currency) => amount > maximumAmount(currency));
}
