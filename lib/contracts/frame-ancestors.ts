/** A host name of letters, digits and hyphens between dots, or an IPv6 address in brackets: nothing a CSP reads
 * as a wildcard (`*`) or as the end of its source list (`;`, quotes). */
const PLAIN_HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/i;

/**
 * The origin a shop's `frame_ancestors` entry allows to frame its pages (the payment page, the issuer's page), as
 * the browser names a framing page's origin: an http(s) URL's scheme, host and port. Null for anything else —
 * another scheme, a wildcard host (`https://*`, `https://*.example.com`), a host a CSP could misread — so that
 * `frame-ancestors` never holds `*` and a message is never posted to or taken from a pattern.
 */
export function frameAncestorOrigin(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (!PLAIN_HOST.test(parsed.hostname)) return null;
  return parsed.origin;
}

/** Every allowed origin of a shop's list, once each, in its order. */
export function frameAncestorOrigins(urls: readonly string[]): string[] {
  return [...new Set(urls.map(frameAncestorOrigin).filter((origin): origin is string => origin !== null))];
}
