import { cardNumber as validateCardNumber } from "card-validator/dist/card-number";
import { type CardBrand, cardNumberLengths, detectBrand, securityCodeLength } from "@/lib/cards/brand";
import { isLuhnValid } from "@/lib/cards/luhn";
import { groupCardNumber, stripCardSeparators } from "./format";

/** The lengths the gateway takes from any brand (12 to 19 digits, `cardNumberSchema`). */
const ACCEPTED_LENGTHS = cardNumberLengths(null);
const MAX_DIGITS = Math.max(...ACCEPTED_LENGTHS);

/** Grouping of a number whose brand is not known yet: 4-4-4-4-3. */
const DEFAULT_GAPS: readonly number[] = [4, 8, 12, 16];

export interface CardNumberState {
  /** The number without separators, as it goes to the gateway. */
  digits: string;
  /** As the field shows it, grouped per brand. */
  formatted: string;
  /** Display name of the brand as typed ("Visa", "American Express"), null until the prefix tells. */
  brandName: string | null;
  /** The gateway's brand code ("visa", "master", "amex"…) as the digits typed tell it, for the brand's mark. */
  brand: CardBrand | null;
  /** How many digits the field takes for this brand. */
  maxDigits: number;
  /** Characters the field takes, group spaces included. */
  maxLength: number;
  /** Digits of the security code: 4 for American Express, 3 otherwise (the gateway's rule). */
  securityCodeLength: number;
  /** A full number that passes the gateway's rules (12 to 19 digits, Luhn). */
  complete: boolean;
  /** All digits typed and still wrong: say so now instead of on submit. */
  wrongAtFullLength: boolean;
}

/**
 * The card number field's state while typing. card-validator recognises the brand from the first digits and
 * knows its grouping and lengths; whether the number is complete follows the gateway's own rule (the length span
 * and Luhn check of `lib/cards`, which the contract's `cardNumberSchema` applies), since card-validator does not
 * know every brand the gateway does. The verdict on submit is the contract's schema itself.
 */
export function describeCardNumber(value: string): CardNumberState {
  const digits = stripCardSeparators(value);
  const verdict = validateCardNumber(digits, { maxLength: MAX_DIGITS });
  const card = verdict.card;
  const maxDigits = card ? Math.max(...card.lengths) : MAX_DIGITS;
  const gaps = card ? card.gaps : DEFAULT_GAPS;
  const groupSpaces = gaps.filter((gap) => gap < maxDigits).length;
  const complete = ACCEPTED_LENGTHS.includes(digits.length) && isLuhnValid(digits);
  return {
    digits,
    formatted: /^\d*$/.test(digits) ? groupCardNumber(digits, gaps, maxDigits) : value,
    brandName: card ? card.niceType : null,
    brand: detectBrand(digits),
    maxDigits,
    maxLength: maxDigits + groupSpaces,
    securityCodeLength: securityCodeLength(detectBrand(digits)),
    complete,
    wrongAtFullLength: digits.length >= maxDigits && !complete,
  };
}
