import { type NextRequest, NextResponse } from "next/server";
import {
  checkoutPagePath,
  framedResultPath,
  isFramedRequest,
  nextStopAfterAttempt,
} from "@/lib/checkout/merchant-return";
import { getCheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { escapeHtml } from "@/lib/contracts/html";
import { getCheckoutClient, isCheckoutToken } from "@/lib/gateway-client";
import { getConfig } from "@/lib/server/config";

/**
 * A page that moves on to the merchant by itself. The shopper arrives here by the redirect that ends the issuer's
 * form post, and browsers hold every redirect of that chain to the issuer page's CSP `form-action`, which names this
 * origin but not the merchant's: a further redirect would be blocked, a fresh navigation is not.
 */
function continueToMerchant(
  url: string,
  texts: { title: string; link: string; lang: string; dir: string },
): Response {
  // In a meta refresh a quote would end the URL early; %27 means the same to the merchant's server.
  const target = escapeHtml(url.replace(/'/g, "%27"));
  const html = `<!doctype html><html lang="${escapeHtml(texts.lang)}" dir="${escapeHtml(texts.dir)}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta http-equiv="refresh" content="0; url='${target}'"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.title)}</title></head><body><main><p><a href="${target}">${escapeHtml(texts.link)}</a></p></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Where the gateway's 3-D Secure page sends the shopper back (`return_url` of the attempt). The `uid` and `status`
 * it adds to the query are ignored: anyone can type them. The session is read from the gateway instead (which
 * settles it from the finished verification) and the shopper sent on from there.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const base = getConfig().publicUrl;
  // An unknown or malformed token ends on the payment page's "not found".
  let next = checkoutPagePath(encodeURIComponent(token));
  if (isCheckoutToken(token)) {
    const view = await getCheckoutClient().getCheckout(token);
    if (view.ok) {
      next = nextStopAfterAttempt(view.data);
      // Back from 3-D Secure inside a merchant's frame: the result page hands the merchant's URL to the framing
      // page instead of opening it in the frame.
      if (!next.startsWith("/") && isFramedRequest(request.headers)) next = framedResultPath(token);
      if (!next.startsWith("/")) {
        const messages = getCheckoutMessages(await shopperLanguage(view.data.language));
        const link = interpolate(messages.actions.returnToShop, { shop: view.data.shop.name });
        return continueToMerchant(next, {
          title: link,
          link,
          lang: messages.language,
          dir: messages.direction,
        });
      }
    }
  }
  const response = NextResponse.redirect(new URL(next, base), 303);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
