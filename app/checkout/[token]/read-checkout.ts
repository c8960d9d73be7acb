import type { Metadata } from "next";
import { getCheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { getCheckoutClient } from "@/lib/gateway-client";
import { readShopperSession } from "@/lib/gateway-client/read-session";

/** The session as the gateway shows it to the page, read once per request (proxy, layout, metadata and page share it). */
export function readCheckout(token: string) {
  return readShopperSession(getCheckoutClient(), token);
}

/** The browser tab's title, in the session's language: "Payment to Demo Shop". */
export async function checkoutPageMetadata(token: string): Promise<Metadata> {
  const result = await readCheckout(token);
  const messages = getCheckoutMessages(await shopperLanguage(result.ok ? result.data.language : null));
  const title = result.ok
    ? interpolate(messages.page.documentTitle, { shop: result.data.shop.name })
    : messages.page.title;
  return { title: { absolute: title } };
}
