/**
 * Formatting for the hosted page. Pure functions, safe in the browser: card numbers and expiry dates as the
 * shopper types them (amounts are `formatAmount` in lib/contracts/format-amount, shared with the gateway).
 */

/** Spaces and dashes are how people type card numbers; everything else is kept so validation can refuse it. */
export function stripCardSeparators(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Groups digits at the brand's gaps (`[4, 10]` for American Express gives 4-6-5, `[4, 8, 12]` gives 4-4-4-4…)
 * and cuts the number at `maxDigits`.
 */
export function groupCardNumber(digits: string, gaps: readonly number[], maxDigits: number): string {
  const kept = digits.slice(0, maxDigits);
  let grouped = "";
  for (let index = 0; index < kept.length; index++) {
    if (index > 0 && gaps.includes(index)) grouped += " ";
    grouped += kept[index];
  }
  return grouped;
}

/**
 * What the expiry field shows while typing: "1" → "1", "5" → "05" (no month starts with 5),
 * "1230" → "12/30"; a four-digit year from autofill ("12/2030") is kept as "12/2030".
 */
export function formatExpiryInput(value: string): string {
  let digits = digitsOnly(value).slice(0, 6);
  if (digits.length === 1 && digits > "1") digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * "MM/YY" (or "MM/YYYY", spaces allowed around the slash) into the gateway's exp_month and four-digit exp_year;
 * null when the text is not in that shape. Whether the month or date is acceptable is the contract's business.
 */
export function parseExpiry(value: string): { exp_month: string; exp_year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [, month, year] = match;
  return { exp_month: month.padStart(2, "0"), exp_year: year.length === 2 ? `20${year}` : year };
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits as before, so typing or
 * deleting in the middle of a grouped card number does not throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digitsBeforeCaret: number): number {
  if (digitsBeforeCaret <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index])) seen++;
    if (seen === digitsBeforeCaret) return index + 1;
  }
  return formatted.length;
}
