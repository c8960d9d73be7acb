import { oncePerRequest } from "@/lib/server/request-id-current";
import type { CheckoutClient } from "./checkout";

/**
 * The shopper's view of a checkout session, read from the gateway once per request: the proxy (the page's framing,
 * logo and colour in its security headers), the root layout (`<html lang>`), the metadata (the title) and the page
 * itself all draw one request's page from one answer. A page view costs one read, and the headers and the page
 * cannot disagree about the session.
 */
export function readShopperSession(client: CheckoutClient, token: string) {
  return oncePerRequest(`checkout-session:${token}`, () => client.getCheckout(token));
}
