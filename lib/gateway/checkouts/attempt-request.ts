import { CHECKOUT_CUSTOMER_FIELDS } from "@/lib/contracts/checkout";
import { isPlainObject } from "@/lib/contracts/fields";
import { isIpAddress } from "@/lib/contracts/formats";
import { BLANK } from "@/lib/contracts/messages";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import type { CheckoutSession } from "./checkout-session";
import { checkoutPageUrl } from "./create-checkout";
import { shownCustomerFields } from "./shopper-views";

/**
 * The tokenization request of one hosted-page attempt. A checkout token is a shopper's credential: whoever holds it
 * (every shopper, every card tester) may supply what the page asks the shopper for, and nothing the merchant set.
 * The order, URLs and test flag come from the session; the customer fields the page does not show or shows
 * read-only keep the merchant's values; `device_id` is the session's and `customer.ip` the address the gateway
 * resolved for the request; `return_url` may only lead back to the page or to the merchant's own URLs.
 */

export const ANOTHER_CARD_NOT_ALLOWED = "is not allowed for this checkout: pay with the saved card";
export const RETURN_URL_NOT_ALLOWED =
  "is not allowed for this checkout: use the page's return address or one of the session's URLs";

/**
 * What the hosted page sends for one attempt: the `request` of POST /transactions/tokenizations's body with a checkout
 * token, its fields as sent. They are judged only once laid over the session (`attemptRequest`), then validated as a
 * merchant's payment or tokenization is: after the session is found and the attempt claimed, as the page expects.
 */
export type PageRequest = Record<string, unknown>;

/** The page's request in POST /transactions/tokenizations's body, `{ "request": { ... } }`; `{}` when there is none. */
export function readPageRequest(body: unknown): PageRequest {
  return isPlainObject(body) && isPlainObject(body.request) ? body.request : {};
}

/** Fields the page supplies as sent; the customer and billing fields are judged one by one below. */
const PAGE_FIELDS = ["credit_card", "language", "return_url", "three_d_secure"] as const;

/** Session customer fields that go to the transaction's `customer`; the rest go to its `billing_address`. */
const CUSTOMER_RECORD_FIELDS = new Set(["email", "birth_date", "ip", "device_id"]);

/** Where the page's own return route is: `{PUBLIC_URL}/checkout/{token}/return`. */
export function checkoutReturnUrl(deps: Pick<GatewayDeps, "config">, token: string): string {
  return `${checkoutPageUrl(deps, token)}/return`;
}

function sameUrl(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href;
}

/**
 * The token cannot choose where the gateway's 3-D Secure page sends the shopper: a `return_url` must be the page's
 * own return route or one of the URLs the merchant put on the session. Anything else is refused (422), not replaced,
 * so a page that sends a wrong address is noticed at once rather than silently sent elsewhere.
 */
export function checkReturnUrl(
  deps: Pick<GatewayDeps, "config">,
  session: CheckoutSession,
  returnUrl: unknown,
): void {
  if (returnUrl === undefined || returnUrl === null) return;
  const { settings } = session.request;
  const allowed = [
    checkoutReturnUrl(deps, session.row.token),
    settings.return_url,
    settings.success_url,
    settings.decline_url,
    settings.fail_url,
    settings.cancel_url,
  ];
  const matches = allowed.some(
    (url) => typeof url === "string" && typeof returnUrl === "string" && sameUrl(url, returnUrl),
  );
  if (!matches) throw GatewayError.validation({ return_url: [RETURN_URL_NOT_ALLOWED] });
}

/**
 * The card of an attempt. A session with a saved card (oneclick) pays with it when the page sends no card number:
 * the page never sees the stored token, only brand and last 4, and must send the security code. Another card is
 * accepted only when the merchant offered it (`another_card_toggle`). A token sent by the page is ignored, and a
 * read-only holder is the merchant's whatever the page sends.
 */
function attemptCard(session: CheckoutSession, pageCard: unknown): unknown {
  if (!isPlainObject(pageCard)) return pageCard;
  const { token: _ignored, ...card } = pageCard;
  const holderFields = session.request.settings.credit_card_fields;
  if (holderFields.read_only) card.holder = holderFields.holder;
  const savedToken = session.request.payment_method?.credit_card?.token;
  if (!savedToken) return card;
  const anotherCardOffered = session.request.settings.another_card_toggle.display;
  if (card.number !== undefined && card.number !== null && card.number !== "") {
    if (!anotherCardOffered)
      throw GatewayError.validation({ credit_card: { number: [ANOTHER_CARD_NOT_ALLOWED] } });
    return card;
  }
  if (typeof card.verification_value !== "string" || card.verification_value === "") {
    throw GatewayError.validation({ credit_card: { verification_value: [BLANK] } });
  }
  return { token: savedToken, verification_value: card.verification_value, holder: card.holder };
}

/**
 * Customer and billing fields of an attempt. A field the page shows and may change is the shopper's (a shown field
 * the shopper cleared stays empty); every other field — not shown, or read-only — keeps what the merchant put on the
 * session, whatever the page sends, so the inputs of the merchant's fraud screening stay the merchant's.
 */
function attemptShopper(
  shop: AuthenticatedShop,
  session: CheckoutSession,
  pageRequest: PageRequest,
  clientAddress: string,
) {
  const fromSession: Record<string, unknown> = { ...session.request.customer };
  const { settings } = session.request;
  const shown = shownCustomerFields(shop, settings);
  const readOnly: readonly string[] = settings.customer_fields.read_only;
  const fromPage: Record<string, unknown> = {};
  for (const part of ["customer", "billing_address"] as const) {
    const sent = pageRequest[part];
    // Not an object: passed on as sent, for the tokenization's validation to name.
    if (sent !== undefined && sent !== null && !isPlainObject(sent)) return { [part]: sent };
    Object.assign(fromPage, sent ?? {});
  }
  const values: Record<string, unknown> = {};
  for (const field of CHECKOUT_CUSTOMER_FIELDS) {
    const shoppers = shown.includes(field) && !readOnly.includes(field);
    values[field] = shoppers ? fromPage[field] : fromSession[field];
  }
  values.device_id = fromSession.device_id;
  // The address that is paying, as resolved through trusted proxies; the merchant's only when there is none
  // (a request without a socket address).
  values.ip = isIpAddress(clientAddress) ? clientAddress : fromSession.ip;

  const parts = { customer: {} as Record<string, unknown>, billing_address: {} as Record<string, unknown> };
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    parts[CUSTOMER_RECORD_FIELDS.has(field) ? "customer" : "billing_address"][field] = value;
  }
  return {
    customer: Object.keys(parts.customer).length > 0 ? parts.customer : undefined,
    billing_address: Object.keys(parts.billing_address).length > 0 ? parts.billing_address : undefined,
  };
}

/**
 * Whether a charge of this attempt keeps the card, i.e. returns its token to the merchant. The shopper decides only
 * where the merchant offered the choice (`save_card_toggle.display`) on a payment or authorization session that
 * takes a card typed on the page, and consent is explicit: only `save_card: true` keeps it. Anywhere else the
 * page's field is ignored: a oneclick session pays with a card already stored, a tokenization session stores the
 * card because that is what it is for, and without the toggle the merchant has decided (the card is kept).
 */
export function attemptKeepsCard(session: CheckoutSession, pageRequest: PageRequest): boolean {
  const { transaction_type: type, settings, payment_method } = session.request;
  if (type !== "payment" && type !== "authorization") return true;
  if (!settings.save_card_toggle.display || payment_method?.credit_card?.token) return true;
  return pageRequest.save_card === true;
}

/** The tokenization request of one attempt: the page's card and shopper fields on top of the session's order. */
export function attemptRequest(options: {
  shop: AuthenticatedShop;
  session: CheckoutSession;
  pageRequest: PageRequest;
  clientAddress: string;
}): Record<string, unknown> {
  const { shop, session, pageRequest } = options;
  const { order, settings } = session.request;
  const request: Record<string, unknown> = {};
  for (const field of PAGE_FIELDS) {
    if (pageRequest[field] !== undefined) request[field] = pageRequest[field];
  }
  return {
    ...request,
    ...attemptShopper(shop, session, pageRequest, options.clientAddress),
    credit_card: attemptCard(session, pageRequest.credit_card),
    language: request.language ?? settings.language,
    amount: order.amount,
    currency: order.currency,
    description: order.description,
    tracking_id: order.tracking_id ?? null,
    additional_data: order.additional_data,
    notification_url: settings.notification_url ?? null,
    verification_url: settings.verification_url ?? null,
    test: session.row.test,
  };
}
