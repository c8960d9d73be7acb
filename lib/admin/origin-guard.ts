/**
 * Cross-site request defence for the admin area's state-changing requests (server actions and form posts).
 * Browsers send `Origin` on every cross-origin POST and on same-origin POSTs too, and a page cannot forge it,
 * so a request is accepted only when its `Origin` is this deployment's own. A missing Origin, the opaque `null`
 * (sandboxed frames, some redirects, `file:` pages) and anything unparsable are refused: the admin area has no
 * legitimate caller that sends them. Pure and dependency-free so the proxy and the actions share it.
 */

export type OriginVerdict =
  | { allowed: true }
  | { allowed: false; reason: "missing" | "null" | "malformed" | "foreign" };

export interface OriginCheck {
  /** The request's `Origin` header, null when absent. */
  origin: string | null;
  /** The request's `Host` header: the host the browser itself addressed. */
  host: string | null;
  /** PUBLIC_URL: the deployment's public origin. */
  publicUrl: string;
}

export function checkRequestOrigin(check: OriginCheck): OriginVerdict {
  const origin = check.origin?.trim();
  if (!origin) return { allowed: false, reason: "missing" };
  if (origin === "null") return { allowed: false, reason: "null" };
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return { allowed: false, reason: "malformed" };
  }
  // An Origin header is scheme://host[:port] and nothing more; anything else was not written by a browser.
  if ((parsed.protocol !== "https:" && parsed.protocol !== "http:") || parsed.origin !== origin) {
    return { allowed: false, reason: "malformed" };
  }
  const publicOrigin = new URL(check.publicUrl);
  if (parsed.origin === publicOrigin.origin) return { allowed: true };
  // The host the browser connected to, as Next's own check has it: the same deployment reached under another
  // name (127.0.0.1 instead of localhost) is still same-origin for the browser that sent the request. The scheme
  // must still be the deployment's: a plain-http page must not act on an https deployment.
  const host = check.host?.trim().toLowerCase();
  if (host && parsed.host === host && parsed.protocol === publicOrigin.protocol) return { allowed: true };
  return { allowed: false, reason: "foreign" };
}

/** Methods that change state and therefore need the Origin check. */
export function isUnsafeMethod(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
