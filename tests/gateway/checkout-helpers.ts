import {
  callJson,
  futureExpiry,
  type JsonBody,
  type JsonResponse,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "./harness";
import type { ReceivedRequest, WebhookReceiver } from "./webhook-receiver";

/**
 * What the hosted page does with a checkout session, and what the merchant reads of it: the page's attempt (the
 * session token as the bearer credential), the session as the merchant and as the page see it, and the webhook the
 * merchant receives.
 */

/** One attempt as the page sends it: POST /transactions/tokenizations with the session token, `request` as given. */
export function pageAttempt(
  gateway: TestGateway,
  token: string,
  request: Record<string, unknown>,
): Promise<JsonResponse> {
  return callJson(gateway, "/transactions/tokenizations", {
    headers: { authorization: `Bearer ${token}` },
    body: { request },
  });
}

/**
 * An attempt with a card typed on the page (a Visa number of its own from `seed`, a security code, an expiry ahead;
 * `card` overrides any of them), sending the shopper back to the page's own return route — a checkout token may send
 * them nowhere else. `request` adds fields to the attempt.
 */
export function typedCardAttempt(
  gateway: TestGateway,
  token: string,
  options: { seed: number; card?: Record<string, unknown>; request?: Record<string, unknown> },
): Promise<JsonResponse> {
  return pageAttempt(gateway, token, {
    credit_card: {
      number: uniqueVisaNumber(options.seed),
      verification_value: "123",
      ...futureExpiry(),
      ...options.card,
    },
    return_url: `http://localhost:3999/checkout/${token}/return`,
    ...options.request,
  });
}

/** GET /ctp/api/checkouts/{token} as the shop that created the session: the whole session. */
export async function merchantCheckout(
  gateway: TestGateway,
  shop: TestShop,
  token: string,
): Promise<JsonBody> {
  const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop });
  if (response.status !== 200) throw new Error(`merchant's view of the session answered ${response.status}`);
  return response.body.checkout;
}

/** GET /ctp/api/checkouts/{token} with the session token, as the page reads it: the shopper-safe view. */
export async function shopperCheckout(gateway: TestGateway, token: string): Promise<JsonBody> {
  const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`shopper's view of the session answered ${response.status}`);
  return response.body.checkout;
}

/** Delivers every pending webhook, then the one `receiver` got at `/hooks` for transaction `uid`. */
export async function deliveredWebhook(
  gateway: TestGateway,
  receiver: WebhookReceiver,
  uid: string,
): Promise<ReceivedRequest> {
  while ((await gateway.runtime.notifications.runOnce()) > 0);
  const delivered = receiver.received.find(
    (entry) => entry.path === "/hooks" && JSON.parse(entry.body).transaction.uid === uid,
  );
  if (!delivered) throw new Error(`no webhook of ${uid}`);
  return delivered;
}
