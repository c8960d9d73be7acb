import { type NextRequest, NextResponse } from "next/server";
import { getConfig } from "@/lib/server/config";
import { checkRequestOrigin, isUnsafeMethod } from "./origin-guard";
import { adminSecurityHeaders, emailPreviewSecurityHeaders } from "./security-headers";

export const ADMIN_PATH = "/admin";

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}

/** A shopper e-mail's HTML, shown in a frame of the E-mails page under its own headers. */
const EMAIL_PREVIEW_PATH = /^\/admin\/api\/emails\/[^/]+\/html$/;

/**
 * The admin area's part of the request proxy. State-changing requests (server actions, form posts) are refused
 * with 403 before any page code runs unless their Origin is this deployment's; each action checks again itself,
 * since an action can be addressed through any path. Every answer gets the admin security headers and a fresh
 * CSP nonce, which Next puts on its own scripts.
 */
export function adminProxy(request: NextRequest): NextResponse {
  const config = getConfig();
  const https = new URL(config.publicUrl).protocol === "https:";
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const headers = adminSecurityHeaders({
    nonce,
    https,
    // Inlined by Next at build time: a development build needs eval and inline styles for its tooling.
    development: process.env.NODE_ENV !== "production",
  });

  if (isUnsafeMethod(request.method)) {
    const verdict = checkRequestOrigin({
      origin: request.headers.get("origin"),
      host: request.headers.get("host"),
      publicUrl: config.publicUrl,
    });
    if (!verdict.allowed) {
      const refused = NextResponse.json(
        { message: "Cross-site request refused: it did not come from the admin area." },
        { status: 403 },
      );
      for (const [name, value] of Object.entries(headers)) refused.headers.set(name, value);
      return refused;
    }
  }

  if (request.method === "GET" && EMAIL_PREVIEW_PATH.test(request.nextUrl.pathname)) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(emailPreviewSecurityHeaders()))
      response.headers.set(name, value);
    return response;
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
