import { z } from "zod";
import {
  cardNumberSchema,
  cardTokenSchema,
  expMonthSchema,
  expYearSchema,
  HOLDER_MAX_LENGTH,
  isExpired,
} from "./credit-card";
import { errorTreeFromZod } from "./errors";
import {
  isAbsent,
  isPlainObject,
  isValidAs,
  type Now,
  objectValue,
  optional,
  optionalString,
  runOnObjects,
} from "./fields";
import { BLANK, DATE_EXPIRED } from "./messages";
import { TOKEN_DOES_NOT_EXIST } from "./payment";
import type { ParseResult } from "./tokenization";

let referenceTime: Date | undefined;
const requestTime: Now = () => referenceTime ?? new Date();

/**
 * POST /credit_cards (the beGateway "card tokens" API): a card stored without a transaction, or, with `token` and
 * no number, a stored card's holder and expiry changed. The beGateway PHP client sends `"token": ""` when it
 * creates one: an empty token is no token.
 */
export const cardTokenFieldsSchema = z
  .preprocess(
    (input) =>
      isPlainObject(input) && typeof input.token === "string" && input.token.trim() === ""
        ? { ...input, token: undefined }
        : input,
    objectValue({
      token: optional(cardTokenSchema).describe("The stored card to update; leave out to store a new card"),
      number: optional(cardNumberSchema).describe(
        "Card number; required unless token is sent (then ignored)",
      ),
      holder: optionalString(HOLDER_MAX_LENGTH).describe("Cardholder name as on the card"),
      exp_month: optional(expMonthSchema).describe("Required unless token is sent"),
      exp_year: optional(expYearSchema).describe("Required unless token is sent"),
    }).superRefine((card, ctx) => {
      if (isAbsent(card.token)) {
        for (const key of ["number", "exp_month", "exp_year"] as const) {
          if (isAbsent(card[key]))
            ctx.addIssue({ code: "custom", message: BLANK, path: [key], input: card[key] });
        }
      }
      if (isValidAs(expMonthSchema, card.exp_month) && isValidAs(expYearSchema, card.exp_year)) {
        if (isExpired(card.exp_month as number, card.exp_year as number, requestTime())) {
          ctx.addIssue({ code: "custom", message: DATE_EXPIRED, path: ["exp_year"], input: card.exp_year });
        }
      }
    }, runOnObjects),
  )
  .meta({ description: "A card to store, or a stored card's new holder and expiry" });

export const cardTokenRequestSchema = z
  .object({ request: cardTokenFieldsSchema }, { error: () => "Request body must be a JSON object" })
  .meta({ description: "Body of POST /credit_cards" });

export type CardTokenRequest = z.output<typeof cardTokenFieldsSchema>;

export const cardTokenResponseSchema = z
  .object({
    token: z.string().describe("The stored card's token (64 hex characters); unchanged by an update"),
    holder: z.string().nullable().describe("Cardholder name, null when none was given"),
    brand: z.string().nullable().describe("Detected brand: visa, master, amex, …"),
    first_1: z.string().describe("First digit"),
    last_4: z.string().describe("Last 4 digits"),
    stamp: z
      .string()
      .describe("Card fingerprint: the same for the same number, whatever the expiry or holder"),
    exp_month: z.int().describe("Expiry month, 1 to 12"),
    exp_year: z.int().describe("Expiry year, four digits"),
  })
  .meta({ description: "A stored card (the beGateway card token), at the top level of the answer" });

export type CardTokenResponse = z.output<typeof cardTokenResponseSchema>;

export function parseCardTokenRequest(
  body: unknown,
  options: { now?: Date } = {},
): ParseResult<CardTokenRequest> {
  referenceTime = options.now;
  try {
    const result = cardTokenRequestSchema.safeParse(isPlainObject(body) ? body : {});
    if (result.success) return { ok: true, value: result.data.request };
    const errors = errorTreeFromZod(result.error, { within: ["request"] });
    // A token of the wrong form names no card either.
    if (Array.isArray(errors.token)) errors.token = [TOKEN_DOES_NOT_EXIST];
    return { ok: false, errors };
  } finally {
    referenceTime = undefined;
  }
}
