import { basicAuthorization } from "./harness";

/**
 * What the beGateway client libraries merchants already use put on the wire, and how they read the answer back,
 * written out from their published sources (the PHP library `begateway/begateway-api-php`, the Ruby gem
 * `begateway/client_ruby`) so that a test can call Tessera exactly as an integration built on them does:
 * - paths joined to the origin, no base path (`https://gateway.example/transactions/payments`);
 * - HTTP Basic with the shop id and secret key; `Accept` and `Content-type` `application/json`;
 * - bodies wrapped in `{"request": {...}}`; the PHP library sends every key it knows, `null` (or `[]`) when the
 *   merchant did not set it, and the Ruby gem sends whatever hash the merchant built, `nil`s included.
 */

/** Any JSON answer, read field by field as the libraries do. */
// biome-ignore lint/suspicious/noExplicitAny: the answers are read as loosely as the PHP and Ruby clients read them.
export type Json = any;

export interface ClientResponse {
  httpStatus: number;
  headers: Headers;
  /** The raw text, to look for what must never be in it (card numbers). */
  raw: string;
  body: Json;
}

export class BeGatewayClient {
  constructor(
    private readonly origin: string,
    private readonly shopId: number | string,
    private readonly secretKey: string,
  ) {}

  /** cURL as the PHP library sets it up for a request with a body. */
  post(path: string, message: unknown, headers: Record<string, string> = {}): Promise<ClientResponse> {
    return this.send("POST", path, JSON.stringify(message), {
      Accept: "application/json",
      "Content-type": "application/json",
      ...headers,
    });
  }

  /** The Ruby gem's `v2_update_card_by_token`, through Faraday's JSON middleware. */
  put(path: string, message: unknown): Promise<ClientResponse> {
    return this.send("PUT", path, JSON.stringify(message), { "Content-Type": "application/json" });
  }

  /** Queries carry no body, so the PHP library sends `Accept` alone. */
  get(path: string): Promise<ClientResponse> {
    return this.send("GET", path, undefined, { Accept: "application/json" });
  }

  private async send(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<ClientResponse> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      body,
      headers: { ...headers, Authorization: basicAuthorization(this.shopId, this.secretKey) },
    });
    const raw = await response.text();
    let parsed: Json = null;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // The libraries treat a body that is not JSON as invalid; the tests then see `body` null.
    }
    return { httpStatus: response.status, headers: response.headers, raw, body: parsed };
  }
}

/** How the PHP library's `Response` reads an answer (`getStatus`, `getMessage`, `isError`, …). */
export const phpResponse = {
  hasTransaction: (body: Json): boolean => typeof body === "object" && body !== null && "transaction" in body,
  isError(body: Json): boolean {
    if (typeof body !== "object" || body === null) return true;
    return body.errors != null || body.response != null;
  },
  status(body: Json): string | false {
    if (phpResponse.hasTransaction(body)) return body.transaction.status;
    return phpResponse.isError(body) ? "error" : false;
  },
  /** The top-level message first, then the transaction's, then an error envelope's (PHP's `isset` skips nulls). */
  message(body: Json): string | null {
    if (typeof body !== "object" || body === null) return "";
    if (body.message != null) return body.message;
    if (body.transaction !== undefined) return body.transaction.message;
    if (body.response != null) return body.response.message;
    return "";
  },
  uid: (body: Json): string | false => (phpResponse.hasTransaction(body) ? body.transaction.uid : false),
};

export interface PhpCard {
  number?: string | null;
  verification_value?: string | null;
  holder?: string | null;
  exp_month?: string | null;
  /** The library's own tests set the year as an integer, and it goes out as one. */
  exp_year?: number | string | null;
  token?: string | null;
  skip_three_d_secure_verification?: boolean;
}

export interface PhpCustomer {
  first_name?: string;
  last_name?: string;
  country?: string;
  city?: string;
  state?: string;
  zip?: string;
  address?: string;
  phone?: string;
  ip?: string;
  email?: string;
  birth_date?: string;
}

export interface PhpPaymentFields {
  amount: number;
  currency: string;
  description?: string | null;
  tracking_id?: string | null;
  notification_url?: string | null;
  return_url?: string | null;
  language?: string;
  test?: boolean;
  duplicate_check?: boolean;
  card: PhpCard;
  customer?: PhpCustomer;
}

/**
 * `AuthorizationOperation` (and `PaymentOperation`, the same message): every key present, `null` where unset;
 * the card alone is filtered of empty values (so no `token` beside a number); `state` goes out only for US and CA.
 */
export function phpPaymentMessage(fields: PhpPaymentFields) {
  const customer = fields.customer ?? {};
  const card = Object.fromEntries(
    Object.entries({
      number: fields.card.number,
      verification_value: fields.card.verification_value,
      holder: fields.card.holder,
      exp_month: fields.card.exp_month,
      exp_year: fields.card.exp_year,
      token: fields.card.token,
      skip_three_d_secure_verification: fields.card.skip_three_d_secure_verification ?? false,
    }).filter(([, value]) => Boolean(value)),
  );
  return {
    request: {
      amount: fields.amount,
      currency: fields.currency,
      description: fields.description ?? null,
      tracking_id: fields.tracking_id ?? null,
      notification_url: fields.notification_url ?? null,
      return_url: fields.return_url ?? null,
      language: fields.language ?? "en",
      test: fields.test ?? false,
      duplicate_check: fields.duplicate_check ?? true,
      customer: {
        ip: customer.ip ?? null,
        email: customer.email ?? null,
        birth_date: customer.birth_date ?? null,
      },
      billing_address: {
        first_name: customer.first_name ?? null,
        last_name: customer.last_name ?? null,
        country: customer.country ?? null,
        city: customer.city ?? null,
        state: customer.country === "US" || customer.country === "CA" ? (customer.state ?? null) : null,
        zip: customer.zip ?? null,
        address: customer.address ?? null,
        phone: customer.phone ?? null,
      },
      additional_data: {
        receipt_text: [],
        contract: [],
        meta: [],
        fiscalization: [],
        platform_data: null,
        integration_data: null,
      },
      ...(Object.keys(card).length > 0 ? { credit_card: card } : {}),
    },
  };
}

/** `CaptureOperation`, `VoidOperation` (`ChildTransaction`) and `RefundOperation`, whose `reason` is null unset. */
export function phpChildMessage(fields: { parent_uid: string; amount: number }, reason?: string | null) {
  const request: Record<string, unknown> = { parent_uid: fields.parent_uid, amount: fields.amount };
  if (reason !== undefined) request.reason = reason;
  return { request };
}

/** `CreditOperation`: a payout to a stored card. */
export function phpCreditMessage(fields: {
  amount: number;
  currency: string;
  description: string | null;
  tracking_id: string | null;
  token: string | null;
}) {
  const { token, ...rest } = fields;
  return { request: { ...rest, credit_card: { token } } };
}

/** `CardToken` (`POST /credit_cards`): `number` null and `token` set updates the stored card. */
export function phpCardTokenMessage(card: PhpCard) {
  return {
    request: {
      holder: card.holder ?? null,
      number: card.number ?? null,
      exp_month: card.exp_month ?? null,
      exp_year: card.exp_year ?? null,
      token: card.token ?? null,
    },
  };
}

/** The PHP test customer every operation test of the library sets. */
export const PHP_TEST_CUSTOMER: PhpCustomer = {
  first_name: "John",
  last_name: "Doe",
  country: "LV",
  address: "Demo str 12",
  city: "Riga",
  zip: "LV-1082",
  ip: "127.0.0.1",
  email: "john@example.com",
};
