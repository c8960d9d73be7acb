import type { ErrorBody, ErrorTree } from "@/lib/contracts/errors";
import { validationErrorBody } from "@/lib/contracts/errors";
import { DUPLICATE_TRANSACTION, PAYOUTS_NOT_ALLOWED } from "@/lib/contracts/messages";

/**
 * The one error type of the gateway's domain. Code decides the HTTP status and body (see `renderGatewayError`);
 * domain code throws it, the HTTP edge renders it, nothing in between builds error bodies by hand.
 */
export type GatewayErrorCode =
  | "validation_failed"
  | "card_not_chargeable"
  | "duplicate_transaction"
  | "payouts_disabled"
  | "access_denied"
  | "invalid_customer_credentials"
  | "rate_limited"
  | "not_found"
  | "record_not_found"
  | "method_not_allowed"
  | "malformed_json"
  | "payload_too_large"
  | "incomplete_body"
  | "unsupported_media_type"
  | "attempt_in_progress"
  | "idempotent_request_in_progress";

/**
 * Why a stored card cannot be charged (`card_not_chargeable`): its token names no card of the shop, the card has
 * expired, or the token's contract does not allow this use.
 */
export type CardRefusalReason = "unknown" | "expired" | "contract";

/**
 * The rules whose refusals are `429`s, the card-testing defence and the authentication throttle: a `rate_limited`
 * error names its rule, and `/metrics` counts refusals by it. Named here rather than beside the metrics: this file
 * lies beneath every folder of the gateway, and imports none of them.
 */
export type RefusalRule =
  | "authentication_failures"
  | "checkout_attempts_per_address"
  | "shop_velocity"
  | "card_family"
  | "new_cards"
  | "link_opens_per_address";

export interface GatewayErrorDetails {
  errors?: ErrorTree;
  /** A `card_not_chargeable` refusal's reason, for the callers that decide on it. */
  reason?: CardRefusalReason;
  /**
   * A validation error's `message` when it is not the errors joined as they are (see child transactions), or a
   * `rate_limited` refusal's own explanation instead of the generic "Too many requests".
   */
  message?: string;
  retryAfterSeconds?: number;
  /** Which limit refused a `rate_limited` request (counted in `/metrics`). */
  rule?: RefusalRule;
  allowedMethods?: readonly string[];
}

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    readonly details: GatewayErrorDetails = {},
  ) {
    super(code);
    this.name = "GatewayError";
  }

  static validation(errors: ErrorTree): GatewayError {
    return new GatewayError("validation_failed", { errors });
  }

  static base(message: string): GatewayError {
    return GatewayError.validation({ base: [message] });
  }

  /** A stored card that cannot be charged, with the errors its 422 reports (as a validation error reads). */
  static cardNotChargeable(reason: CardRefusalReason, errors: ErrorTree): GatewayError {
    return new GatewayError("card_not_chargeable", { reason, errors });
  }
}

export interface RenderedError {
  status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 422 | 429;
  body: ErrorBody | { message: string };
  headers: Record<string, string>;
}

/** A refusal whose message is its only error, at the top and under `base`, as every validation error reads. */
function baseError(message: string): ErrorBody {
  return { message, errors: { base: [message] } };
}

/**
 * Each code's status, body and headers. Most are fixed; the few that carry the request's own details (the
 * validation errors, a rate limit's wait, the allowed methods) are built from them.
 */
const RENDERINGS: { [Code in GatewayErrorCode]: (details: GatewayErrorDetails) => RenderedError } = {
  validation_failed: (details) => ({
    status: 422,
    body: {
      ...validationErrorBody(details.errors ?? {}),
      ...(details.message ? { message: details.message } : {}),
    },
    headers: {},
  }),
  // beGateway answers it as any invalid request: the same 422, its errors under the card's fields.
  card_not_chargeable: (details) => ({
    status: 422,
    body: validationErrorBody(details.errors ?? {}),
    headers: {},
  }),
  // The same request (card or parent, amount) within 30 s, while `duplicate_check` is on.
  duplicate_transaction: () => ({
    status: 422,
    body: validationErrorBody({ base: [DUPLICATE_TRANSACTION] }),
    headers: {},
  }),
  // A payout for a shop the operator has not cleared for them.
  payouts_disabled: () => ({
    status: 422,
    body: validationErrorBody({ base: [PAYOUTS_NOT_ALLOWED] }),
    headers: {},
  }),
  access_denied: () => ({
    status: 401,
    body: baseError("Access denied"),
    headers: { "WWW-Authenticate": 'Basic realm="tessera"' },
  }),
  invalid_customer_credentials: () => ({
    status: 422,
    body: baseError("Invalid shop_id/secret_key."),
    headers: {},
  }),
  rate_limited: (details) => ({
    status: 429,
    body: baseError(details.message ?? "Too many requests"),
    headers: { "Retry-After": String(details.retryAfterSeconds ?? 60) },
  }),
  not_found: () => ({ status: 404, body: { message: "Not found" }, headers: {} }),
  record_not_found: () => ({ status: 404, body: { message: "Record not found" }, headers: {} }),
  method_not_allowed: (details) => ({
    status: 405,
    body: { message: "Method not allowed" },
    headers: { Allow: (details.allowedMethods ?? []).join(", ") },
  }),
  malformed_json: () => ({ status: 400, body: baseError("Request body is not valid JSON"), headers: {} }),
  payload_too_large: () => ({
    status: 413,
    body: baseError("Request body is larger than 64 KiB"),
    headers: {},
  }),
  incomplete_body: () => ({
    status: 400,
    body: baseError("Request body ended before its Content-Length"),
    headers: {},
  }),
  unsupported_media_type: (details) => ({
    status: 415,
    // Every body is JSON but an evidence file's upload, which says what it takes.
    body: baseError(details.message ?? "Content-Type must be application/json"),
    headers: {},
  }),
  attempt_in_progress: () => ({
    status: 409,
    body: baseError("Another payment attempt is in progress"),
    headers: {},
  }),
  idempotent_request_in_progress: () => ({
    status: 409,
    body: baseError("A request with this RequestID is still being processed; repeat it later"),
    headers: { "Retry-After": "1" },
  }),
};

export function renderGatewayError(error: GatewayError): RenderedError {
  return RENDERINGS[error.code](error.details);
}
