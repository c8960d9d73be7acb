import { createHash, randomBytes } from "node:crypto";

/** Same lifetime as the admin area's cookie: fixed from sign-in, not extended by activity. */
export const ADMIN_SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** 256 random bits, 64 hex characters: the admin session's id, held (sealed) in the merchant's cookie. */
export function newAdminSessionId(): string {
  return randomBytes(32).toString("hex");
}

/**
 * What the database keeps of a session id. A plain hash suffices for 256 random bits (nothing to guess), and a
 * copy of the table gives no one a cookie.
 */
export function adminSessionIdHash(sessionId: string): string {
  return createHash("sha256").update(sessionId, "utf8").digest("hex");
}
