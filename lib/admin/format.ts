import { brandDisplayName } from "@/lib/cards/brand";
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

/** Minor units in the currency's own number of decimals (JPY 0, EUR 2, KWD 3). */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat("en", { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "—";
  return `${(rate * 100).toFixed(1)} %`;
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
