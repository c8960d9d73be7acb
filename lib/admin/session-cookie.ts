import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * The admin session cookie's value: the shop id and secret key the merchant signed in with and the id of the
 * gateway-side session (which sign-out and key rotation end, so a copied cookie stops working), sealed with
 * AES-256-GCM so the browser holds them without being able to read or alter them. The value is
 * `v1.<base64url(iv | tag | ciphertext)>`; the version is bound into the authenticated data so a value cannot
 * be replayed under another format.
 */

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
export const SESSION_KEY_BYTES = 32;

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from(`tessera-admin-session.${FORMAT}`);

export interface AdminSession {
  shopId: string;
  secretKey: string;
  /** The gateway's session (`POST /shop/sessions`), sent with every call; ended there on sign-out. */
  sessionId: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  /** Epoch milliseconds; a fixed lifetime from sign-in, not extended by activity. */
  expiresAt: number;
}

interface SealedPayload {
  shop_id: string;
  secret_key: string;
  sid: string;
  iat: number;
  exp: number;
}

function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== SESSION_KEY_BYTES) {
    throw new RangeError(`The admin session key must be ${SESSION_KEY_BYTES} bytes`);
  }
}

export function newSession(
  shopId: string,
  secretKey: string,
  sessionId: string,
  now: Date = new Date(),
): AdminSession {
  const issuedAt = now.getTime();
  return { shopId, secretKey, sessionId, issuedAt, expiresAt: issuedAt + SESSION_LIFETIME_MS };
}

export function sealSession(session: AdminSession, key: Buffer): string {
  assertKey(key);
  const payload: SealedPayload = {
    shop_id: session.shopId,
    secret_key: session.secretKey,
    sid: session.sessionId,
    iat: session.issuedAt,
    exp: session.expiresAt,
  };
  // A fresh random IV per cookie: GCM under one key breaks if an IV ever repeats.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

function isSealedPayload(value: unknown): value is SealedPayload {
  if (typeof value !== "object" || value === null) return false;
  const payload = value as Record<string, unknown>;
  return (
    typeof payload.shop_id === "string" &&
    typeof payload.secret_key === "string" &&
    // Cookies sealed before sessions lived on the server name none: they count as signed out.
    typeof payload.sid === "string" &&
    Number.isFinite(payload.iat) &&
    Number.isFinite(payload.exp)
  );
}

/**
 * The session in a cookie value, or null when the value is missing, malformed, tampered with, sealed under
 * another key or expired. Callers treat every one of those the same way (sign in again), so no reason is given.
 */
export function openSession(
  value: string | undefined,
  key: Buffer,
  now: Date = new Date(),
): AdminSession | null {
  assertKey(key);
  if (!value?.startsWith(`${FORMAT}.`)) return null;
  const sealed = Buffer.from(value.slice(FORMAT.length + 1), "base64url");
  if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
  let plaintext: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(AAD);
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    plaintext = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext);
  } catch {
    return null;
  }
  if (!isSealedPayload(payload)) return null;
  if (now.getTime() >= payload.exp) return null;
  return {
    shopId: payload.shop_id,
    secretKey: payload.secret_key,
    sessionId: payload.sid,
    issuedAt: payload.iat,
    expiresAt: payload.exp,
  };
}

export interface SessionCookieOptions {
  name: string;
  httpOnly: true;
  sameSite: "strict";
  secure: boolean;
  path: "/";
  /** Seconds, for the cookie's Max-Age. */
  maxAge: number;
}

/**
 * Over https the cookie is `__Host-` prefixed and Secure: the browser then refuses it unless it was set by this
 * exact host over TLS, with no Domain and Path=/, so no sibling subdomain can plant or overwrite it. Plain http
 * (a developer's machine) cannot carry Secure cookies, so there it has a plain name.
 */
export function sessionCookieOptions(publicUrl: string): SessionCookieOptions {
  const secure = new URL(publicUrl).protocol === "https:";
  return {
    name: secure ? "__Host-tessera_admin" : "tessera_admin",
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: SESSION_LIFETIME_MS / 1000,
  };
}
