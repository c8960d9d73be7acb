import { createHmac, createPrivateKey, type KeyObject, sign } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import { openShopSecret } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";

export const WEBHOOK_USER_AGENT = "Tessera-Webhooks/1";

/** What a shop signs its outgoing requests with, unsealed for the duration of one request. */
export interface ShopSigningKeys {
  shopId: number;
  secretKey: string;
  /** Standard Webhooks form, `whsec_` + base64 of the raw key, as the merchant was given it. */
  webhookSecret: string;
  privateKey: KeyObject;
  /** The shop's `send_secret_key_in_webhooks`: Authorization carries the secret key (true unless turned off). */
  sendSecretKey: boolean;
}

export async function loadShopSigningKeys(
  db: Database,
  keyring: Keyring,
  shopId: number,
): Promise<ShopSigningKeys> {
  const [row] = await db
    .select({
      secretKeySealed: shops.secretKeySealed,
      webhookSecretSealed: shops.webhookSecretSealed,
      privateKeySealed: shops.privateKeySealed,
      settings: shops.settings,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!row) throw new Error(`Shop ${shopId} not found`);
  return {
    shopId,
    secretKey: openShopSecret(keyring, shopId, "secret_key", row.secretKeySealed),
    webhookSecret: openShopSecret(keyring, shopId, "webhook_secret", row.webhookSecretSealed),
    privateKey: createPrivateKey(openShopSecret(keyring, shopId, "private_key", row.privateKeySealed)),
    // Stored settings hold only what was set: absent is the default, on.
    sendSecretKey:
      (row.settings as { send_secret_key_in_webhooks?: unknown }).send_secret_key_in_webhooks !== false,
  };
}

/** The raw key of a `whsec_…` secret: Standard Webhooks signs with the decoded bytes, not the text. */
export function webhookSecretBytes(webhookSecret: string): Buffer {
  return Buffer.from(webhookSecret.replace(/^whsec_/, ""), "base64");
}

/** base64 RSA-SHA256 (PKCS#1 v1.5) over the raw body: the beGateway `Content-Signature`. */
export function contentSignature(body: string, privateKey: KeyObject): string {
  return sign("sha256", Buffer.from(body, "utf8"), privateKey).toString("base64");
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` as Standard Webhooks defines it. */
export function standardWebhookSignature(
  webhookSecret: string,
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac("sha256", webhookSecretBytes(webhookSecret))
    .update(`${webhookId}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

export interface SignRequestInput {
  keys: ShopSigningKeys;
  /** The Standard Webhooks `webhook-id`: the delivery's id, the same on every retry so merchants can de-duplicate. */
  webhookId: string;
  /** When the request is sent. Wall-clock time: the merchant compares it with its own clock to refuse replays. */
  sentAt: Date;
  body: string;
}

/** Headers of every request Tessera sends to a merchant URL (notifications and verification requests). */
export function signedRequestHeaders(input: SignRequestInput): Record<string, string> {
  const { keys, webhookId, body } = input;
  const timestamp = Math.floor(input.sentAt.getTime() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    // The beGateway clients check this; a receiver that verifies the signatures needs no copy of the secret key.
    ...(keys.sendSecretKey
      ? { Authorization: `Basic ${Buffer.from(`${keys.shopId}:${keys.secretKey}`).toString("base64")}` }
      : {}),
    "Content-Signature": contentSignature(body, keys.privateKey),
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardWebhookSignature(keys.webhookSecret, webhookId, timestamp, body),
  };
}
