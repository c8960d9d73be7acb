import { brandDisplayName } from "@/lib/cards/brand";
import { currencyMinorUnits, isCurrencyCode } from "@/lib/contracts/currencies";
/**
 * Display formats of the admin area. Times are shown in UTC, the gateway's own zone (reports and date filters
 * count UTC days), and rendered the same way on the server and in the browser.
 */

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * Decimal places of the currency's minor unit as ISO 4217 counts them (JPY 0, EUR 2, HUF 2, KWD 3): the gateway
 * counts amounts in these. Not `Intl`'s display digits, which are CLDR's habits (HUF and IDR shown without
 * decimals, IQD with none): read from those, a forint amount would be shown and taken a hundred times off.
 */
export function currencyDigits(currency: string): number {
  return isCurrencyCode(currency) ? currencyMinorUnits(currency) : 2;
}

/**
 * Minor units (a number, or a string or bigint for sums past 2^53) as a decimal string at ISO's decimal point:
 * 125000 HUF → "1250.00", -5 EUR → "-0.05". Exact for any length: no floating point is involved.
 */
export function minorToDecimal(amount: number | string | bigint, digits: number): string | null {
  const text =
    typeof amount === "number" ? (Number.isSafeInteger(amount) ? String(amount) : "") : String(amount);
  const match = /^(-?)(\d+)$/.exec(text);
  if (!match) return null;
  const [, sign, magnitude] = match;
  if (digits === 0) return `${sign}${magnitude}`;
  const padded = magnitude.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** Minor units in the currency's ISO 4217 decimals, with `Intl` set to exactly those digits ("HUF 1,250.00"). */
export function formatAmount(amount: number | string | bigint, currency: string): string {
  const digits = currencyDigits(currency);
  const decimal = minorToDecimal(amount, digits);
  if (decimal === null || !isCurrencyCode(currency)) return `${amount} ${currency}`;
  // A decimal string is formatted exactly (Intl.NumberFormat v3), where a number would round past 2^53.
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as Intl.StringNumericLiteral);
}

/**
 * What a transaction or a session moved, for a list or a heading: its amount, except a card check's (a tokenization:
 * a card stored, a trial's card, a card update), which charged nothing and is shown as such, whatever amount its
 * session carried.
 */
export function chargedAmount(row: { type: string; amount: number; currency: string }): string {
  return row.type === "tokenization" ? CARD_CHECK : formatAmount(row.amount, row.currency);
}

/** How a card check appears where an amount would: nothing was charged. */
export const CARD_CHECK = "Card check, no charge";

/** The admin area's language: its words are English, so are its numbers' and dates' formats (by Intl, not by hand). */
export const ADMIN_LOCALE = "en";

/** A rate as a percentage to one decimal, as the admin's locale writes it ("75.0%"). */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "—";
  return new Intl.NumberFormat(ADMIN_LOCALE, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate);
}

/** A UTC day (`2026-11-16`) as a chart's axis label in the admin's locale ("Nov 16"). */
export function formatShortDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(ADMIN_LOCALE, { month: "short", day: "numeric", timeZone: "UTC" }).format(
    day,
  );
}

export function brandName(brand: string | null | undefined): string {
  if (!brand) return "Card";
  return brandDisplayName(brand);
}

/** Brand and last four digits only: all a person ever needs to recognise a card. */
export function maskedCard(card: { brand: string | null; last_4: string }): string {
  return `${brandName(card.brand)} •••• ${card.last_4}`;
}

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === "" ? "—" : String(value);
}
