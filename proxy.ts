import { type NextRequest, NextResponse } from "next/server";
import { adminProxy, isAdminPath } from "@/lib/admin/admin-proxy";
import { brandStyleSheet, styleHashSource } from "@/lib/checkout/brand-style";
import { CHECKOUT_TOKEN_HEADER } from "@/lib/checkout/language-cookie";
import { checkoutSecurityHeaders, originOf } from "@/lib/checkout/security-headers";
import { widgetPagePath } from "@/lib/checkout/widget-path";
import { checkoutClient, isCheckoutToken } from "@/lib/gateway-client";
import { readShopperSession } from "@/lib/gateway-client/read-session";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/client-address";
import { getConfig } from "@/lib/server/config";

/**
 * Security headers of every page, with a fresh CSP nonce per request: the hosted payment pages (framing as the
 * shop allows), the admin area (its own, stricter set) and every other page — the demo shop, its result page, the
 * 404 page — which get the payment page's headers with no framing at all. Next reads the nonce from the
 * request's Content-Security-Policy header and puts it on its own scripts; the page reads `x-nonce` for its one
 * inline style (the shop's colour).
 */
export async function proxy(request: NextRequest) {
  if (isAdminPath(request.nextUrl.pathname)) return adminProxy(request);
  const widgetPage = widgetPagePath(request.nextUrl);
  if (widgetPage) {
    const response = NextResponse.redirect(new URL(widgetPage, request.nextUrl), 303);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Referrer-Policy", "same-origin");
    return response;
  }
  const config = getConfig();
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

  // Framing and the logo depend on the shop; only documents need them (a form post's answer is never framed).
  const match = /^\/checkout\/([^/]+)(\/result)?\/?$/.exec(request.nextUrl.pathname);
  let frameAncestors: string[] = [];
  let logoUrl: string | null = null;
  let brandStyle: string | null = null;
  if (match && isCheckoutToken(match[1]) && (request.method === "GET" || request.method === "HEAD")) {
    // The proxy runs before `headers()` is available: the shopper's address is forwarded from the request itself.
    const client = checkoutClient({
      baseUrl: config.gatewayBaseUrl,
      forwardedFor: () => request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
    });
    // The same answer the page is then drawn from (one read a page view).
    const view = await readShopperSession(client, match[1]);
    if (view.ok) {
      frameAncestors = view.data.frame_ancestors;
      logoUrl = view.data.shop.logo_url;
      brandStyle = brandStyleSheet(view.data.shop.color);
    }
  }

  const headers = checkoutSecurityHeaders({
    nonce,
    frameAncestors,
    formTargets: [config.gatewayPublicUrl],
    styleHashes: brandStyle ? [await styleHashSource(brandStyle)] : [],
    imageOrigins: logoUrl ? [logoUrl] : [],
    https: originOf(config.publicUrl)?.startsWith("https:") ?? false,
    // Inlined by Next at build time: a development build needs eval and inline styles for its tooling.
    development: process.env.NODE_ENV !== "production",
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Whose language the root layout's <html lang> speaks (only ever this value, never the browser's own header).
  const session = /^\/checkout\/([^/]+)/.exec(request.nextUrl.pathname);
  if (session) requestHeaders.set(CHECKOUT_TOKEN_HEADER, session[1]);
  else requestHeaders.delete(CHECKOUT_TOKEN_HEADER);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every page; not Next's immutable build files (next.config.ts gives them nosniff) nor the gateway, which
  // server.ts hands to Hono before Next sees the request.
  matcher: ["/((?!_next/static/|_next/image|gateway(?:/|$)).*)"],
};
