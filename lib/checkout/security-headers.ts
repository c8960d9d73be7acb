import { frameAncestorOrigins } from "@/lib/contracts/frame-ancestors";

/**
 * Response headers of the hosted payment page (DESIGN §4): a strict CSP whose only scripts and styles are this
 * origin's files and the inline ones carrying the request's nonce, no plugins, no <base>, framing only by the
 * shop's allowed origins, and nothing cached or leaked through the Referer.
 */

export interface CheckoutHeaderOptions {
  /** Fresh per request, base64. */
  nonce: string;
  /** Origins the shop allows to frame the page; empty means none may. */
  frameAncestors: readonly string[];
  /** Origins a form on the page may post to besides this one (the gateway's, for its 3-D Secure pages). */
  formTargets: readonly string[];
  /** Inline styles allowed by their hash besides the nonce (`'sha256-…'`): the shop's colour, brand-style.ts. */
  styleHashes?: readonly string[];
  /** Origins images may come from besides this one (the shop's logo). */
  imageOrigins: readonly string[];
  /** The page is served over https: add HSTS and upgrade insecure requests. */
  https: boolean;
  /** Next's development mode needs eval for its error overlay and inline styles for hot reloading. */
  development?: boolean;
}

/** The origin of an absolute http(s) URL, or null; a CSP source list must never receive anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  return parsed.origin;
}

function sources(urls: readonly string[]): string[] {
  const origins = urls.map(originOf).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

export function checkoutContentSecurityPolicy(options: CheckoutHeaderOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  // Origins only, never a wildcard host (lib/contracts/frame-ancestors.ts).
  const frameAncestors = frameAncestorOrigins(options.frameAncestors);
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': the nonce'd bootstrap may load Next's chunks; hosts listed elsewhere do not count.
    `script-src 'self' ${nonce} 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${options.development ? "'unsafe-inline'" : [nonce, ...(options.styleHashes ?? [])].join(" ")}`,
    ["img-src 'self' data:", ...sources(options.imageOrigins)].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...sources(options.formTargets)].join(" "),
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'"}`,
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function checkoutSecurityHeaders(options: CheckoutHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": checkoutContentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  // Older browsers ignore frame-ancestors; X-Frame-Options has no allow-list, so it is only sent for "none".
  if (frameAncestorOrigins(options.frameAncestors).length === 0) headers["X-Frame-Options"] = "DENY";
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
