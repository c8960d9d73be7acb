import { z } from "zod";
import type { ErrorTree } from "./errors";
import { INVALID } from "./messages";
import {
  type ParseResult,
  parseTokenizationRequest,
  type TokenizationRequest,
  tokenizationFieldsSchema,
} from "./tokenization";

/**
 * A payment or authorization request has the tokenization request's fields — card data or `credit_card.token`
 * (+ `verification_value`), customer, billing address, URLs, 3-D Secure flags, `additional_data.contract` — and
 * nothing else; one schema, so every rule of the card fields holds for both.
 */
export const paymentRequestSchema = z
  .object({ request: tokenizationFieldsSchema }, { error: () => "Request body must be a JSON object" })
  .meta({ description: "Body of POST /transactions/payments and POST /transactions/authorizations" });

export type PaymentRequest = TokenizationRequest;

/** Full sentences the beGateway clients read word for word. */
export const TOKEN_DOES_NOT_EXIST = "Token does not exist.";

/**
 * A token that is not one Tessera could have issued (say `12345`) names no stored card: it is answered like
 * another shop's token, "Token does not exist.", as the beGateway clients expect, not as a format error.
 */
export function tokenErrorsAsUnknown(errors: ErrorTree): ErrorTree {
  const card = errors.credit_card;
  if (card === undefined || Array.isArray(card)) return errors;
  const token = card.token;
  if (!Array.isArray(token) || !token.includes(INVALID)) return errors;
  return { ...errors, credit_card: { ...card, token: [TOKEN_DOES_NOT_EXIST] } };
}

export function parsePaymentRequest(
  body: unknown,
  options: { now?: Date } = {},
): ParseResult<PaymentRequest> {
  const parsed = parseTokenizationRequest(body, options);
  return parsed.ok ? parsed : { ok: false, errors: tokenErrorsAsUnknown(parsed.errors) };
}
