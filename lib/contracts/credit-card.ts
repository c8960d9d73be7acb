import { z } from "zod";
import { detectBrand, securityCodeLength } from "@/lib/cards/brand";
import { isLuhnValid } from "@/lib/cards/luhn";
import {
  fieldErrors,
  isAbsent,
  isPlainObject,
  isValidAs,
  type Now,
  objectValue,
  optional,
  optionalString,
  patternString,
  runOnObjects,
  stringValue,
  systemNow,
} from "./fields";
import { BLANK, DATE_EXPIRED, INVALID, tooLong, tooShort } from "./messages";

export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const HOLDER_MAX_LENGTH = 35;

export const cardNumberSchema = stringValue()
  .refine((value) => value !== "", { error: BLANK, abort: true })
  .regex(/^\d+$/, { error: INVALID, abort: true })
  .min(CARD_NUMBER_MIN_DIGITS, { error: tooShort(CARD_NUMBER_MIN_DIGITS, "digits"), abort: true })
  .max(CARD_NUMBER_MAX_DIGITS, { error: tooLong(CARD_NUMBER_MAX_DIGITS, "digits"), abort: true })
  .refine((value) => isLuhnValid(value), INVALID)
  .meta({ description: "Card number: 12 to 19 digits, Luhn-valid, no spaces" });

/** Format only; whether 3 or 4 digits are right depends on the brand and is checked with the number. */
export const verificationValueSchema = patternString(/^\d{3,4}$/).meta({
  description: "Security code: 3 digits, 4 for American Express",
});

export const cardTokenSchema = patternString(/^[0-9a-f]{64}$/).meta({
  description: "Token of a card stored by an earlier tokenization (64 lower-case hex characters)",
});

function isBlankString(value: unknown): boolean {
  return typeof value === "string" && value.trim() === "";
}

function toInteger(value: number | string, digits: RegExp): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  return digits.test(value) ? Number(value) : undefined;
}

// Limits of the string forms are checked in the transform and only documented on the branches: a failing check
// inside a union branch would surface zod's own wording instead of "is invalid".

/** Month as "5", "05" or 5. */
export const expMonthSchema = z
  .union([z.number().meta({ type: "integer", minimum: 1, maximum: 12 }), z.string().meta({ maxLength: 2 })], {
    error: fieldErrors(INVALID),
  })
  .transform((value, ctx) => {
    const month = toInteger(value, /^\d{1,2}$/);
    if (month !== undefined && month >= 1 && month <= 12) return month;
    ctx.addIssue({ code: "custom", message: isBlankString(value) ? BLANK : INVALID, input: value });
    return z.NEVER;
  })
  .meta({ description: "Expiry month, 1 to 12, as a string of one or two digits or an integer" });

/** Four-digit year as "2030" or 2030. */
export const expYearSchema = z
  .union(
    [z.number().meta({ type: "integer", minimum: 1000, maximum: 9999 }), z.string().meta({ maxLength: 4 })],
    { error: fieldErrors(INVALID) },
  )
  .transform((value, ctx) => {
    const year = toInteger(value, /^\d{4}$/);
    if (year !== undefined && year >= 1000 && year <= 9999) return year;
    ctx.addIssue({ code: "custom", message: isBlankString(value) ? BLANK : INVALID, input: value });
    return z.NEVER;
  })
  .meta({ description: "Expiry year, four digits, as a string or an integer" });

/** A card is valid through the last day of its expiry month; months are compared in UTC. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  return expYear * 12 + (expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

function requiredSecurityCodeLength(number: string): number {
  const brand = detectBrand(number);
  return brand === null ? 3 : securityCodeLength(brand);
}

export const creditCardFieldsSchema = objectValue({
  token: optional(cardTokenSchema),
  number: optional(cardNumberSchema),
  verification_value: optional(verificationValueSchema),
  holder: optionalString(HOLDER_MAX_LENGTH).meta({ description: "Cardholder name as on the card" }),
  exp_month: optional(expMonthSchema),
  exp_year: optional(expYearSchema),
});

export type CreditCardFieldsInput = z.input<typeof creditCardFieldsSchema>;

/** Card data sent in full. */
export interface CardData {
  token?: undefined;
  number: string;
  exp_month: number;
  exp_year: number;
  holder?: string;
  verification_value?: string;
}

/** A card stored earlier, referred to by its token (oneclick checkout, repeated tokenization). */
export interface StoredCardReference {
  token: string;
  number?: undefined;
  exp_month?: undefined;
  exp_year?: undefined;
  /** Overrides the stored holder name when sent. */
  holder?: string;
  verification_value?: string;
}

export type CreditCard = CardData | StoredCardReference;

export function isStoredCardReference(card: CreditCard): card is StoredCardReference {
  return typeof card.token === "string";
}

/**
 * A request that sends `token` tokenizes the stored card again: the number and expiry sent alongside are ignored
 * rather than validated, since the stored card wins. `verification_value` is kept because a stored card never
 * holds its security code, and `holder` because a name may be corrected without re-entering the card.
 */
function keepTokenFieldsOnly(input: CreditCardFieldsInput): CreditCardFieldsInput {
  if (!isPlainObject(input) || isAbsent(input.token)) return input;
  return { token: input.token, verification_value: input.verification_value, holder: input.holder };
}

export function createCreditCardSchema(now: Now = systemNow) {
  const checked = creditCardFieldsSchema.superRefine((card, ctx) => {
    if (!isAbsent(card.token)) return;
    for (const key of ["number", "exp_month", "exp_year"] as const) {
      if (isAbsent(card[key])) {
        ctx.addIssue({ code: "custom", message: BLANK, path: [key], input: card[key] });
      }
    }
    const number = isValidAs(cardNumberSchema, card.number) ? (card.number as string) : undefined;
    if (number !== undefined && isValidAs(verificationValueSchema, card.verification_value)) {
      const code = card.verification_value as string;
      if (code.length !== requiredSecurityCodeLength(number)) {
        ctx.addIssue({ code: "custom", message: INVALID, path: ["verification_value"], input: code });
      }
    }
    if (isValidAs(expMonthSchema, card.exp_month) && isValidAs(expYearSchema, card.exp_year)) {
      if (isExpired(card.exp_month as number, card.exp_year as number, now())) {
        ctx.addIssue({ code: "custom", message: DATE_EXPIRED, path: ["exp_year"], input: card.exp_year });
      }
    }
  }, runOnObjects);

  const narrowed = checked.transform((card): CreditCard => {
    if (card.token !== undefined) {
      return { token: card.token, holder: card.holder, verification_value: card.verification_value };
    }
    return card as CardData;
  });

  // The narrowing sits inside the preprocess so JSON Schema generation still sees a required object.
  return z
    .preprocess<CreditCardFieldsInput, typeof narrowed, CreditCardFieldsInput>(keepTokenFieldsOnly, narrowed)
    .meta({
      description:
        "Card data (number, exp_month, exp_year, holder, verification_value), or `token` (with optional " +
        "verification_value and holder) to use a card stored earlier; when both are sent the token wins and " +
        "number, exp_month and exp_year are ignored.",
    });
}
