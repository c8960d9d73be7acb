import { headers } from "next/headers";
import { CHECKOUT_TOKEN_HEADER } from "@/lib/checkout/language-cookie";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { DEFAULT_LANGUAGE, type Language, languageDirection } from "@/lib/contracts/languages";
import { isCheckoutToken } from "@/lib/gateway-client";
import { readCheckout } from "./[token]/read-checkout";

/**
 * `<html lang dir>` of the request's page. Outside the checkout: English. On a checkout page the proxy names the
 * session's token, and the session is read through the same per-request cache as the page's own read, so the
 * document and the page agree on the language without another call to the gateway.
 */
export async function documentLanguage(): Promise<{ lang: Language; dir: "ltr" | "rtl" }> {
  const token = (await headers()).get(CHECKOUT_TOKEN_HEADER);
  if (token === null) return { lang: DEFAULT_LANGUAGE, dir: "ltr" };
  // A malformed token has no session: its "not found" page speaks the browser's language.
  const session = isCheckoutToken(token) ? await readCheckout(token) : null;
  const lang = await shopperLanguage(session?.ok ? session.data.language : null);
  return { lang, dir: languageDirection(lang) };
}
