/**
 * Response headers of every admin page and endpoint: a CSP whose only scripts and styles are this origin's files
 * and the inline ones carrying the request's nonce, no framing at all, no caching (pages show secrets and
 * customer data), no Referer, no MIME sniffing.
 */
export function adminContentSecurityPolicy(options: {
  nonce: string;
  https: boolean;
  development?: boolean;
}): string {
  const nonce = `'nonce-${options.nonce}'`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${nonce} 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${options.development ? "'unsafe-inline'" : nonce}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function adminSecurityHeaders(options: {
  nonce: string;
  https: boolean;
  development?: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": adminContentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Headers of the one admin answer that is a shopper e-mail's HTML, framed by the E-mails page: the message's own
 * inline styles and nothing else — no script, no requests out (a remote image would tell its sender the message
 * was read), a sandbox so it never runs as this origin, framed by the admin area only.
 */
export function emailPreviewSecurityHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; " +
      "sandbox; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "SAMEORIGIN",
  };
}
