import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ShopCredentials } from "@/lib/gateway-client/checkout";
import { getMerchantClient } from "@/lib/gateway-client/merchant";
import { getConfig } from "@/lib/server/config";
import { oncePerRequest } from "@/lib/server/request-id-current";
import { checkRequestOrigin } from "./origin-guard";
import {
  type AdminSession,
  newSession,
  openSession,
  sealSession,
  sessionCookieOptions,
} from "./session-cookie";
import { resolveSessionKey } from "./session-key";
import { type CredentialsVerdict, verifyShopCredentials } from "./verify-credentials";

/**
 * The admin session as Next sees it: the encrypted cookie holding the shop's credentials and the gateway session's
 * id, read in server components and route handlers, written only by server actions. Every gateway call names the
 * session and re-checks the credentials, so a session signed out (a copied cookie replayed afterwards) or whose
 * secret key was rotated stops working at once.
 */

export const SIGN_IN_PATH = "/admin/sign-in";

let sessionKey: Buffer | undefined;

function key(): Buffer {
  const config = getConfig();
  sessionKey ??= resolveSessionKey({ masterKey: config.masterKey, dataDir: config.dataDir });
  return sessionKey;
}

function cookieOptions() {
  return sessionCookieOptions(getConfig().publicUrl);
}

export function credentialsOf(session: AdminSession): ShopCredentials {
  return { shopId: session.shopId, secretKey: session.secretKey, sessionId: session.sessionId };
}

export async function readAdminSession(): Promise<AdminSession | null> {
  const store = await cookies();
  return openSession(store.get(cookieOptions().name)?.value, key());
}

/** For pages and actions that need a signed-in merchant: anyone else goes to the sign-in page. */
export async function requireAdminSession(): Promise<AdminSession> {
  const session = await readAdminSession();
  if (!session) redirect(`${SIGN_IN_PATH}?reason=signed_out`);
  return session;
}

/**
 * For the signed-in area's layout: the cookie opens, and the gateway still knows its session — a cookie copied
 * before sign-out opens as well as ever, and only the gateway can tell it has ended. An unreachable gateway is not
 * a sign-out: the page's own calls then say it is unavailable.
 */
export async function requireLiveAdminSession(): Promise<AdminSession & { test: boolean | null }> {
  const session = await requireAdminSession();
  const shop = await readSessionShop(session);
  if (!shop.ok && shop.kind === "unauthorized") sessionRejected();
  // Whether the shop is in test mode, for the area's test-mode strip; null when the gateway could not say.
  return { ...session, test: shop.ok ? shop.data.test : null };
}

/**
 * The signed-in shop as the gateway answers it (`GET /shop`), read once per request: the area's layout checks the
 * session with it and a page that shows the shop (settings) draws from the same answer. Read as the request
 * renders, so a page re-drawn after a server action's change reads the shop after it.
 */
export function readSessionShop(session: AdminSession) {
  return oncePerRequest(`admin-shop:${session.shopId}`, () =>
    getMerchantClient().getShop(credentialsOf(session)),
  );
}

/** The gateway no longer accepts the session's credentials (key rotated, shop removed): sign in again. */
export function sessionRejected(): never {
  redirect(`${SIGN_IN_PATH}?reason=expired`);
}

async function writeSession(session: AdminSession): Promise<void> {
  const { maxAge, ...options } = cookieOptions();
  const remainingSeconds = Math.floor((session.expiresAt - Date.now()) / 1000);
  const store = await cookies();
  store.set({ ...options, value: sealSession(session, key()), maxAge: Math.min(maxAge, remainingSeconds) });
}

export type SignInResult = { status: "signed_in" } | Exclude<CredentialsVerdict, { status: "verified" }>;

const UNAVAILABLE = "The gateway cannot be reached. Try again shortly.";

/** Verifies the credentials against the gateway, then starts an 8-hour session there and in the cookie. */
export async function signIn(shopId: string, secretKey: string): Promise<SignInResult> {
  const client = getMerchantClient();
  const verdict = await verifyShopCredentials(client, shopId, secretKey);
  if (verdict.status !== "verified") return verdict;
  const started = await client.startAdminSession({ shopId: verdict.shopId, secretKey });
  if (!started.ok) return { status: "unavailable", message: UNAVAILABLE };
  await writeSession(newSession(verdict.shopId, secretKey, started.data.id));
  return { status: "signed_in" };
}

/**
 * After the secret key was rotated (which ended every session of the shop at the gateway): a new gateway session
 * under the new key, in the same cookie session (same expiry). False when the gateway could not start one.
 */
export async function replaceSessionSecretKey(session: AdminSession, secretKey: string): Promise<boolean> {
  const started = await getMerchantClient().startAdminSession({ shopId: session.shopId, secretKey });
  if (!started.ok) return false;
  await writeSession({ ...session, secretKey, sessionId: started.data.id });
  return true;
}

/** Ends the session at the gateway (a copy of the cookie is refused from now on), then drops the cookie. */
export async function signOut(): Promise<void> {
  const session = await readAdminSession();
  // Already ended (or the gateway is down): the cookie goes all the same; a session left open expires by itself.
  if (session) await getMerchantClient().endAdminSession(credentialsOf(session));
  const { name, path, secure } = cookieOptions();
  const store = await cookies();
  // Deleting a `__Host-` cookie needs the same attributes it was set with, or the browser ignores the reset.
  store.set({ name, value: "", path, secure, httpOnly: true, sameSite: "strict", maxAge: 0 });
}

/**
 * For every admin server action, before anything else: actions are public POST endpoints, and Next lets a request
 * without an `Origin` through. Answers whether the request came from this deployment's own pages.
 */
export async function isSameOriginRequest(): Promise<boolean> {
  const requestHeaders = await headers();
  return checkRequestOrigin({
    origin: requestHeaders.get("origin"),
    host: requestHeaders.get("host"),
    publicUrl: getConfig().publicUrl,
  }).allowed;
}
