import type { CheckoutRequestInput, CheckoutView } from "@/lib/contracts/checkout";
import type { ShopperCheckoutView, ShopperTransactionView } from "@/lib/contracts/shopper-view";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { callGateway, type GatewayConnection, type GatewayCredentials, type GatewayResult } from "./http";

/** What `POST /ctp/api/checkouts` answers. */
export interface CreatedCheckout {
  token: string;
  redirect_url: string;
}

/**
 * What the hosted page sends for one payment attempt. Amount, currency, description, tracking id, contract,
 * notification and verification URLs and test come from the session on the gateway's side, and so do the customer
 * fields the page does not show or shows read-only, `device_id`, and `ip` (the address the gateway resolved).
 * `return_url` must be the page's own return route or one of the session's URLs. Values are plain strings as a
 * shopper typed them: judging them is the gateway's job (the contract's field types are the validated shape, not
 * what a client may send).
 */
export interface CheckoutPaymentRequest {
  credit_card:
    | {
        number?: string;
        exp_month?: string | number;
        exp_year?: string | number;
        verification_value?: string;
        holder?: string;
      }
    | { token: string; verification_value?: string; holder?: string };
  customer?: { email?: string; birth_date?: string };
  billing_address?: Partial<
    Record<"first_name" | "last_name" | "address" | "city" | "country" | "state" | "zip" | "phone", string>
  >;
  language?: string;
  return_url?: string;
  /**
   * The shopper's consent to keep the card typed in, where the session offers it (`save_card_toggle`, a payment or
   * authorization without a saved card); only `true` keeps it. Ignored anywhere else.
   */
  save_card?: boolean;
}

export interface ShopCredentials {
  shopId: number | string;
  secretKey: string;
  /** The admin area's signed-in session, sent as the gateway's `X-Admin-Session` header. */
  sessionId?: string;
}

function shop(credentials: ShopCredentials): GatewayCredentials {
  return { kind: "shop", shopId: credentials.shopId, secretKey: credentials.secretKey };
}

function bearer(token: string): GatewayCredentials {
  return { kind: "checkout", token };
}

/**
 * With a session token as the credential, "not accepted" (401) and "no such session" (404) mean the same to the
 * page: the token names no session it may use.
 */
async function asSession<T>(result: Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
  const answer = await result;
  if (!answer.ok && answer.kind === "unauthorized") {
    return { ok: false, kind: "not_found", status: 404, message: answer.message };
  }
  return answer;
}

// Tokens are 64 hex characters; anything else is refused here rather than put into a URL path.
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function isCheckoutToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

function malformed<T>(what: string): GatewayResult<T> {
  return { ok: false, kind: "not_found", status: 404, message: `Malformed ${what}` };
}

/** The checkout sessions part of the gateway's API, as the hosted page and merchants use it. */
export function checkoutClient(connection: GatewayConnection) {
  return {
    /** `POST /ctp/api/checkouts` with the shop's credentials (what a merchant's server does). */
    createCheckout(credentials: ShopCredentials, checkout: CheckoutRequestInput) {
      return callGateway<CreatedCheckout>(connection, {
        method: "POST",
        path: "/ctp/api/checkouts",
        credentials: shop(credentials),
        body: { checkout },
        unwrap: "checkout",
      });
    },

    /** `GET /ctp/api/checkouts/{token}` with the shop's credentials: the merchant's full view. */
    getMerchantCheckout(credentials: ShopCredentials, token: string) {
      if (!isCheckoutToken(token)) return Promise.resolve(malformed<CheckoutView>("token"));
      return callGateway<CheckoutView>(connection, {
        method: "GET",
        path: `/ctp/api/checkouts/${token}`,
        credentials: shop(credentials),
        unwrap: "checkout",
      });
    },

    /** The shopper-safe view of a session; the gateway settles a finished 3-D Secure attempt on this read. */
    getCheckout(token: string) {
      if (!isCheckoutToken(token)) return Promise.resolve(malformed<ShopperCheckoutView>("token"));
      return asSession(
        callGateway<ShopperCheckoutView>(connection, {
          method: "GET",
          path: `/ctp/api/checkouts/${token}`,
          credentials: bearer(token),
          unwrap: "checkout",
        }),
      );
    },

    /** One payment attempt of the session; the answer is the shopper's view of its transaction. */
    payCheckout(token: string, request: CheckoutPaymentRequest) {
      if (!isCheckoutToken(token)) return Promise.resolve(malformed<ShopperTransactionView>("token"));
      return asSession(
        callGateway<ShopperTransactionView>(connection, {
          method: "POST",
          path: "/transactions/tokenizations",
          credentials: bearer(token),
          body: { request },
          unwrap: "transaction",
        }),
      );
    },

    /** A transaction of this session, shopper view (any other transaction answers not_found). */
    getCheckoutTransaction(token: string, uid: string) {
      if (!isCheckoutToken(token)) return Promise.resolve(malformed<ShopperTransactionView>("token"));
      if (!isTransactionUid(uid)) return Promise.resolve(malformed<ShopperTransactionView>("uid"));
      return asSession(
        callGateway<ShopperTransactionView>(connection, {
          method: "GET",
          path: `/transactions/${uid}`,
          credentials: bearer(token),
          unwrap: "transaction",
        }),
      );
    },

    /** The shopper gives up: the session fails and can no longer be paid. */
    cancelCheckout(token: string) {
      if (!isCheckoutToken(token)) return Promise.resolve(malformed<ShopperCheckoutView>("token"));
      return asSession(
        callGateway<ShopperCheckoutView>(connection, {
          method: "POST",
          path: `/ctp/api/checkouts/${token}/cancel`,
          credentials: bearer(token),
          unwrap: "checkout",
        }),
      );
    },
  };
}

export type CheckoutClient = ReturnType<typeof checkoutClient>;
