import type { ErrorBody, ErrorTree } from "@/lib/contracts/errors";
import { validationErrorBody } from "@/lib/contracts/errors";
import type { RefusalRule } from "./observability/metrics";

/**
 * The one error type of the gateway's domain. Code decides the HTTP status and body (see `renderGatewayError`);
 * domain code throws it, the HTTP edge renders it, nothing in between builds error bodies by hand.
 */
export type GatewayErrorCode =
  | "validation_failed"
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
  | "idempotent_request_in_progress"
  | "parent_busy";

export interface GatewayErrorDetails {
  errors?: ErrorTree;
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
}

export interface RenderedError {
  status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 422 | 429;
  body: ErrorBody | { message: string };
  headers: Record<string, string>;
}

const ACCESS_DENIED: ErrorBody = { message: "Access denied", errors: { base: ["Access denied"] } };
const INVALID_CUSTOMER_CREDENTIALS: ErrorBody = {
  message: "Invalid shop_id/secret_key.",
  errors: { base: ["Invalid shop_id/secret_key."] },
};

export function renderGatewayError(error: GatewayError): RenderedError {
  const { details } = error;
  switch (error.code) {
    case "validation_failed":
      return {
        status: 422,
        body: {
          ...validationErrorBody(details.errors ?? {}),
          ...(details.message ? { message: details.message } : {}),
        },
        headers: {},
      };
    case "access_denied":
      return { status: 401, body: ACCESS_DENIED, headers: { "WWW-Authenticate": 'Basic realm="tessera"' } };
    case "invalid_customer_credentials":
      return { status: 422, body: INVALID_CUSTOMER_CREDENTIALS, headers: {} };
    case "rate_limited": {
      const message = details.message ?? "Too many requests";
      return {
        status: 429,
        body: { message, errors: { base: [message] } },
        headers: { "Retry-After": String(details.retryAfterSeconds ?? 60) },
      };
    }
    case "not_found":
      return { status: 404, body: { message: "Not found" }, headers: {} };
    case "record_not_found":
      return { status: 404, body: { message: "Record not found" }, headers: {} };
    case "method_not_allowed":
      return {
        status: 405,
        body: { message: "Method not allowed" },
        headers: { Allow: (details.allowedMethods ?? []).join(", ") },
      };
    case "malformed_json":
      return {
        status: 400,
        body: {
          message: "Request body is not valid JSON",
          errors: { base: ["Request body is not valid JSON"] },
        },
        headers: {},
      };
    case "payload_too_large":
      return {
        status: 413,
        body: {
          message: "Request body is larger than 64 KiB",
          errors: { base: ["Request body is larger than 64 KiB"] },
        },
        headers: {},
      };
    case "incomplete_body":
      return {
        status: 400,
        body: {
          message: "Request body ended before its Content-Length",
          errors: { base: ["Request body ended before its Content-Length"] },
        },
        headers: {},
      };
    case "attempt_in_progress":
      return {
        status: 409,
        body: {
          message: "Another payment attempt is in progress",
          errors: { base: ["Another payment attempt is in progress"] },
        },
        headers: {},
      };
    case "parent_busy":
      return {
        status: 409,
        body: {
          message: "The parent transaction kept changing while this request was decided; repeat it",
          errors: {
            base: ["The parent transaction kept changing while this request was decided; repeat it"],
          },
        },
        headers: {},
      };
    case "idempotent_request_in_progress":
      return {
        status: 409,
        body: {
          message: "A request with this RequestID is still being processed; repeat it later",
          errors: { base: ["A request with this RequestID is still being processed; repeat it later"] },
        },
        headers: { "Retry-After": "1" },
      };
    case "unsupported_media_type":
      return {
        status: 415,
        body: {
          message: "Content-Type must be application/json",
          errors: { base: ["Content-Type must be application/json"] },
        },
        headers: {},
      };
  }
}
