import { generateKeyPairSync, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type ShopSettingsInput, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import { sealShopSecret } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";

export interface CreateShopOptions {
  db: Database;
  keyring: Keyring;
  name: string;
  test?: boolean;
  settings?: ShopSettingsInput;
  /** Fixed credentials, used only for the documented demo shops. */
  id?: number;
  secretKey?: string;
}

export interface CreatedShop {
  id: number;
  name: string;
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
}

/** Creates a shop with its secret key, RSA signing key pair and webhook signing secret. */
export async function createShop(options: CreateShopOptions): Promise<CreatedShop> {
  const { db, keyring } = options;
  const settings = shopSettingsSchema.parse(options.settings ?? {});
  const secretKey = options.secretKey ?? randomBytes(32).toString("hex");
  // Standard Webhooks secrets are "whsec_" + base64 of the raw key.
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

  return db.transaction(async (tx) => {
    // The row id is part of every sealed secret's AAD, so insert with placeholders first, then seal.
    const placeholder = Buffer.alloc(0);
    const [row] = await tx
      .insert(shops)
      .values({
        ...(options.id === undefined ? {} : { id: options.id }),
        name: options.name,
        test: options.test ?? true,
        secretKeyHash: keyring.hashes.secretLookup(secretKey),
        secretKeySealed: placeholder,
        webhookSecretSealed: placeholder,
        privateKeySealed: placeholder,
        publicKey,
        keyId: randomBytes(8).toString("hex"),
        settings,
      })
      .returning({ id: shops.id });
    await tx
      .update(shops)
      .set({
        secretKeySealed: sealShopSecret(keyring, row.id, "secret_key", secretKey),
        webhookSecretSealed: sealShopSecret(keyring, row.id, "webhook_secret", webhookSecret),
        privateKeySealed: sealShopSecret(keyring, row.id, "private_key", privateKey),
      })
      .where(eq(shops.id, row.id));
    if (options.id !== undefined) {
      // Explicit ids bypass the sequence; move it past them so later shops don't collide.
      await tx.execute(
        sql`select setval(pg_get_serial_sequence('shops', 'id'), (select max(id) from shops))`,
      );
    }
    return { id: row.id, name: options.name, secretKey, publicKey, webhookSecret };
  });
}
