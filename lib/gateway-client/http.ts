import type { ErrorTree } from "@/lib/contracts/errors";
import { currentRequestId } from "@/lib/server/request-id-current";

/**
 * The transport under every gateway call of the checkout app: one fetch, one answer shape. Callers branch on
 * `ok` and `kind` instead of catching; nothing here logs, because request bodies carry card data.
 */

export type GatewayCredentials =
  | { kind: "shop"; shopId: number | string; secretKey: string }
  /** The hosted page acting for one checkout session. */
  | { kind: "checkout"; token: string };

export type GatewayFailure =
  /** 422 (and 400/413/415, which share the body): the request was read and refused, field by field. */
  | { ok: false; kind: "invalid"; status: number; message: string; errors: ErrorTree }
  /** 409: another payment attempt on the same session is in progress. */
  | { ok: false; kind: "conflict"; status: 409; message: string; errors: ErrorTree }
  | { ok: false; kind: "not_found"; status: 404; message: string }
  | { ok: false; kind: "unauthorized"; status: 401; message: string }
  | { ok: false; kind: "rate_limited"; status: 429; message: string; retryAfterSeconds: number | null }
  /** No usable answer: network error, timeout, 5xx, or a body that is not the protocol's JSON. */
  | { ok: false; kind: "unavailable"; status: number | null; message: string };

export type GatewayResult<T> = { ok: true; status: number; data: T } | GatewayFailure;

export interface GatewayConnection {
  /** e.g. http://127.0.0.1:3000/gateway (no trailing slash). */
  baseUrl: string;
  /** Per request; tokenization may wait on a merchant's verification_url (up to 10 s) on the gateway's side. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The address of the shopper or merchant this call acts for, sent as `X-Forwarded-For` so the gateway throttles
   * them rather than the checkout app (it believes the header from loopback and its trusted proxies only).
   */
  forwardedFor?: () => string | undefined | Promise<string | undefined>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function authorizationHeader(credentials: GatewayCredentials): string {
  if (credentials.kind === "checkout") return `Bearer ${credentials.token}`;
  const pair = `${credentials.shopId}:${credentials.secretKey}`;
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(pair)))}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readErrorBody(body: unknown): { message: string; errors: ErrorTree } {
  const message = isObject(body) && typeof body.message === "string" ? body.message : "Request refused";
  const errors = isObject(body) && isObject(body.errors) ? (body.errors as ErrorTree) : { base: [message] };
  return { message, errors };
}

function failureFor(status: number, body: unknown, headers: Headers): GatewayFailure {
  const { message, errors } = readErrorBody(body);
  if (status === 404) return { ok: false, kind: "not_found", status, message };
  if (status === 401) return { ok: false, kind: "unauthorized", status, message };
  if (status === 409) return { ok: false, kind: "conflict", status, message, errors };
  if (status === 429) {
    const retryAfter = Number(headers.get("retry-after"));
    return {
      ok: false,
      kind: "rate_limited",
      status,
      message,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    };
  }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return { ok: false, kind: "invalid", status, message, errors };
  }
  return { ok: false, kind: "unavailable", status, message };
}

/**
 * Calls the gateway and sorts the answer. `unwrap` names the envelope key of a success body
 * (`{"checkout": {...}}` → "checkout"); an answer without it counts as unavailable, not as data.
 */
/** A 2xx answer, its body parsed (null when empty or not JSON). */
export interface GatewayAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * One request to the gateway: authorization, the client's address, the timeout; a 2xx answer comes back with its
 * body, anything else as the failure it means.
 */
export async function requestGateway(
  connection: GatewayConnection,
  request: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    path: string;
    authorization: string;
    body?: unknown;
    /** A `multipart/form-data` body instead of JSON (a dispute's evidence file); fetch sets its boundary. */
    form?: FormData;
    /** Beyond authorization: the admin area's session header, say. */
    headers?: Record<string, string>;
    /** `RequestID`: the gateway answers a repeat of the same request with the first answer. */
    requestId?: string;
  },
): Promise<({ ok: true } & GatewayAnswer) | GatewayFailure> {
  const headers: Record<string, string> = {
    ...request.headers,
    accept: "application/json",
    authorization: request.authorization,
  };
  if (request.requestId) headers.requestid = request.requestId;
  // The page or action's own request id: the gateway's log lines of this call carry the same id.
  const pageRequestId = currentRequestId();
  if (pageRequestId) headers["x-request-id"] = pageRequestId;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const forwardedFor = await connection.forwardedFor?.();
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  let response: Response;
  try {
    response = await (connection.fetch ?? fetch)(`${connection.baseUrl}${request.path}`, {
      method: request.method,
      headers,
      body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(connection.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    return { ok: false, kind: "unavailable", status: null, message: `Gateway ${reason}` };
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An empty or non-JSON body: judged by the status alone.
  }
  if (!response.ok) return failureFor(response.status, body, response.headers);
  return { ok: true, status: response.status, body, headers: response.headers };
}

/** A call whose success body is an envelope: `unwrap` names its key (`{"checkout": {...}}` → "checkout"). */
export async function callGateway<T>(
  connection: GatewayConnection,
  request: {
    method: "GET" | "POST";
    path: string;
    credentials: GatewayCredentials;
    body?: unknown;
    unwrap: string;
  },
): Promise<GatewayResult<T>> {
  const answer = await requestGateway(connection, {
    method: request.method,
    path: request.path,
    authorization: authorizationHeader(request.credentials),
    body: request.body,
  });
  if (!answer.ok) return answer;
  const { body, status } = answer;
  if (isObject(body) && isObject(body[request.unwrap])) {
    return { ok: true, status, data: body[request.unwrap] as T };
  }
  return { ok: false, kind: "unavailable", status, message: "Unexpected gateway answer" };
}
