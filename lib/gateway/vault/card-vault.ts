import type { CardRecord } from "@/lib/db/schema";
import { withSpan, withSpanSync } from "../observability/tracing";
import { open, seal } from "./envelope";
import type { Keyring } from "./keyring";

// The token is the record's primary key; binding it as AAD stops a ciphertext from being moved to another record.
function cardAad(token: string): Buffer {
  return Buffer.from(`tessera:card:${token}`);
}

export function sealCardNumber(keyring: Keyring, token: string, number: string) {
  return withSpanSync("vault seal", {}, () => {
    const { id, key } = keyring.active();
    return { keyId: id, numberSealed: seal(key, Buffer.from(number, "utf8"), cardAad(token)) };
  });
}

export async function revealCardNumber(
  keyring: Keyring,
  record: Pick<CardRecord, "token" | "keyId" | "numberSealed">,
): Promise<string> {
  return withSpan("vault open", {}, async () => {
    const key = await keyring.dataKey(record.keyId);
    return open(key, record.numberSealed, cardAad(record.token)).toString("utf8");
  });
}

/** The record's number sealed again under the active data key (its own key was retired by a rotation). */
export async function resealCardNumber(
  keyring: Keyring,
  record: Pick<CardRecord, "token" | "keyId" | "numberSealed">,
) {
  return sealCardNumber(keyring, record.token, await revealCardNumber(keyring, record));
}

export function sealShopSecret(keyring: Keyring, shopId: number, purpose: string, value: string): Buffer {
  return seal(
    keyring.shopSecretsKey,
    Buffer.from(value, "utf8"),
    Buffer.from(`tessera:shop:${shopId}:${purpose}`),
  );
}

export function openShopSecret(keyring: Keyring, shopId: number, purpose: string, sealed: Buffer): string {
  return open(keyring.shopSecretsKey, sealed, Buffer.from(`tessera:shop:${shopId}:${purpose}`)).toString(
    "utf8",
  );
}
