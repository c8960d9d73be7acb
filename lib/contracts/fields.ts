import { z } from "zod";
import { COUNTRY_CODES, isCountryCode } from "./countries";
import { CARD_CURRENCY_CODES } from "./currencies";
import { isCalendarDate, isHttpUrl, isIpAddress, isoDateAt } from "./formats";
import { LANGUAGES } from "./languages";
import {
  ADDRESS_INVALID,
  BLANK,
  greaterThan,
  IN_THE_FUTURE,
  INVALID,
  INVALID_CHARACTERS,
  lessThanOrEqualTo,
  NOT_A_NUMBER,
  NOT_A_STRING,
  NOT_AN_ARRAY,
  NOT_AN_INTEGER,
  NOT_AN_OBJECT,
  NOT_BOOLEAN,
  NOT_INCLUDED,
  STATE_NOT_ALLOWED,
  tooLong,
} from "./messages";
import { isCaProvince, isUsState } from "./regions";

/**
 * Field builders shared by every request contract. Conventions, all from the wire protocol:
 * - JSON `null` in an optional field means "not sent" (client libraries serialise unset fields as null), so
 *   optional fields turn `null` into `undefined`;
 * - a required field that is missing or null fails with `BLANK`;
 * - a value of the wrong JSON type fails with a message naming the expected type, never zod's own wording;
 * - unknown keys are dropped (zod's default for objects).
 */

/** Clock for rules that depend on today (card expiry, birth dates); injectable so tests can step over edges. */
export type Now = () => Date;

export const systemNow: Now = () => new Date();

/** The latest UTC offset in use (UTC+14): a date is only "in the future" once it is tomorrow everywhere. */
const LATEST_UTC_OFFSET_MINUTES = 14 * 60;

export const MAX_URL_LENGTH = 2048;
export const MAX_EMAIL_LENGTH = 255;
/** Limit for strings the spec gives no length: the width of the database columns that keep them. */
export const DEFAULT_MAX_LENGTH = 255;

export function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Cross-field rules must also run when a sibling field failed, or a client fixing one error would meet the
 * next only on the following request. The payload can then hold raw, unvalidated values: rules re-check
 * what they read (see `isValidAs`).
 */
export const runOnObjects = { when: (payload: { value: unknown }) => isPlainObject(payload.value) };

/** Whether a field's (possibly unvalidated) value passes its own schema; field schemas accept their output. */
export function isValidAs(schema: z.ZodType, value: unknown): boolean {
  return !isAbsent(value) && schema.safeParse(value).success;
}

/** Error map for a field: missing → BLANK, wrong JSON type → `typeMessage`, anything else → `valueMessage`. */
export function fieldErrors(typeMessage: string, valueMessage: string = typeMessage) {
  return (issue: z.core.$ZodRawIssue): string => {
    if (isAbsent(issue.input)) return BLANK;
    return issue.code === "invalid_type" ? typeMessage : valueMessage;
  };
}

/** As `fieldErrors`, and an empty or whitespace-only string also counts as missing (for required fields). */
export function requiredFieldErrors(typeMessage: string, valueMessage: string = typeMessage) {
  const errors = fieldErrors(typeMessage, valueMessage);
  return (issue: z.core.$ZodRawIssue): string =>
    typeof issue.input === "string" && issue.input.trim() === "" ? BLANK : errors(issue);
}

/** The trailing `.optional()` keeps the key optional in the output type too, not just `T | undefined`. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();
}

export function withDefault<T extends z.ZodType>(schema: T, fallback: NonNullable<z.output<T>>) {
  return schema
    .nullish()
    .meta({ default: fallback })
    .transform((value): NonNullable<z.output<T>> => value ?? fallback);
}

// NUL and unpaired UTF-16 surrogates are valid in JSON strings but cannot be stored as text, so they are refused
// here, as the field's own error, rather than failing later in the database.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the database can store the text (for a contract parsed by hand; `stringValue()` checks it itself). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_CHARACTERS.test(value);
}

export function stringValue() {
  return z
    .string({ error: fieldErrors(NOT_A_STRING) })
    .refine(isStorableText, { error: INVALID_CHARACTERS, abort: true });
}

/** Blank (empty or whitespace only) counts as missing, as Rails' presence validation has it. */
export function requiredString(max: number = DEFAULT_MAX_LENGTH) {
  return stringValue()
    .refine((value) => value.trim() !== "", { error: BLANK, abort: true })
    .max(max, tooLong(max));
}

export function optionalString(max: number = DEFAULT_MAX_LENGTH) {
  return optional(stringValue().max(max, tooLong(max)));
}

export function patternString(pattern: RegExp, message: string = INVALID) {
  return stringValue().regex(pattern, message);
}

export function booleanValue() {
  return z.boolean({ error: fieldErrors(NOT_BOOLEAN) });
}

export function objectValue<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, { error: fieldErrors(NOT_AN_OBJECT) });
}

export function arrayValue<T extends z.ZodType>(element: T) {
  return z.array(element, { error: fieldErrors(NOT_AN_ARRAY) });
}

export function countryCode() {
  return z
    .enum(COUNTRY_CODES, { error: fieldErrors(INVALID) })
    .meta({ description: "ISO 3166-1 alpha-2 country code, upper case" });
}

/** Always a required field where it appears, so an empty string reads as missing. */
export function currencyCode() {
  return z
    .enum(CARD_CURRENCY_CODES, { error: requiredFieldErrors(INVALID) })
    .meta({ description: "ISO 4217 currency code" });
}

export function language() {
  return z.enum(LANGUAGES, { error: fieldErrors(NOT_INCLUDED) });
}

export function email() {
  return z
    .email({ error: fieldErrors(NOT_A_STRING, INVALID) })
    .max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH));
}

export function ipAddress() {
  return stringValue()
    .refine(isIpAddress, ADDRESS_INVALID)
    .meta({ description: "IPv4 or IPv6 address", anyOf: [{ format: "ipv4" }, { format: "ipv6" }] });
}

export function httpUrl() {
  return stringValue()
    .max(MAX_URL_LENGTH, { error: tooLong(MAX_URL_LENGTH), abort: true })
    .refine(isHttpUrl, INVALID)
    .meta({ format: "uri", description: "Absolute http or https URL" });
}

export function calendarDate() {
  return stringValue().refine(isCalendarDate, INVALID).meta({ format: "date" });
}

/** A calendar date that is not later than today (for a birth date). */
export function pastCalendarDate(now: Now = systemNow) {
  return calendarDate().refine(
    (value) => value <= isoDateAt(now(), LATEST_UTC_OFFSET_MINUTES),
    IN_THE_FUTURE,
  );
}

function parseMinorUnits(value: number | string): number | string {
  let amount = value;
  if (typeof amount === "string") {
    if (amount.trim() === "") return BLANK;
    // Digits only, as OpenAPI says (`^[0-9]+$`): no sign, no spaces or line breaks around them. Anything else is
    // refused, in the words that say why where it is a number after all.
    if (!/^[0-9]+$/.test(amount)) {
      if (/^-[0-9]+$/.test(amount)) return greaterThan(0);
      return /^-?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/i.test(amount) ? NOT_AN_INTEGER : NOT_A_NUMBER;
    }
    amount = Number(amount);
  }
  if (!Number.isFinite(amount)) return NOT_A_NUMBER;
  if (!Number.isInteger(amount)) return NOT_AN_INTEGER;
  if (amount <= 0) return greaterThan(0);
  if (amount > Number.MAX_SAFE_INTEGER) return lessThanOrEqualTo(Number.MAX_SAFE_INTEGER);
  return amount;
}

/**
 * Amount in minor units. Clients send it as a JSON number or as a string of digits (both occur in the wild);
 * the output is always a number, capped at 2^53 - 1 so it stays exact.
 */
export function minorUnitAmount() {
  return z
    .union(
      [
        z.number().meta({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
        z.string().meta({ pattern: "^[0-9]+$" }),
      ],
      { error: fieldErrors(NOT_A_NUMBER) },
    )
    .transform((value, ctx) => {
      const amount = parseMinorUnits(value);
      if (typeof amount === "number") return amount;
      ctx.addIssue({ code: "custom", message: amount, input: value });
      return z.NEVER;
    });
}

const US_ZIP = /^\d{5}(-\d{4})?$/;

export interface AddressLike {
  country?: unknown;
  state?: unknown;
  zip?: unknown;
}

interface IssueSink {
  addIssue(issue: { code: "custom"; message: string; path: PropertyKey[]; input?: unknown }): void;
}

/**
 * The address rules that involve more than one field, shared by billing addresses and customer records:
 * `state` only for US and CA and then one of that country's codes; a US `zip` is NNNNN or NNNNN-NNNN.
 * A country that is itself invalid skips them: its own error says what to fix, a second one about the state
 * would only guess. An empty `state` means none was chosen (what an address form submits).
 */
export function checkAddressRules(address: AddressLike, ctx: IssueSink): void {
  const { country, state, zip } = address;
  if (!isAbsent(country) && !isCountryCode(country)) return;
  if (typeof state === "string" && state !== "") {
    if (country === "US" || country === "CA") {
      const valid = country === "US" ? isUsState(state) : isCaProvince(state);
      if (!valid) ctx.addIssue({ code: "custom", message: INVALID, path: ["state"], input: state });
    } else {
      ctx.addIssue({ code: "custom", message: STATE_NOT_ALLOWED, path: ["state"], input: state });
    }
  }
  if (country === "US" && typeof zip === "string" && !US_ZIP.test(zip)) {
    ctx.addIssue({ code: "custom", message: INVALID, path: ["zip"], input: zip });
  }
}

/** Attaches `checkAddressRules` to an object schema whose keys include `country`, `state` and `zip`. */
export function withAddressRules<T extends z.ZodObject>(schema: T): T {
  return schema.superRefine((value, ctx) => checkAddressRules(value as AddressLike, ctx), runOnObjects);
}
