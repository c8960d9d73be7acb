import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { cards, vaultKeys } from "@/lib/db/schema";
import { revealCardNumber } from "@/lib/gateway/vault/card-vault";
import { unwrapDataKey } from "@/lib/gateway/vault/envelope";
import { loadKeyring, MasterKeyMismatchError } from "@/lib/gateway/vault/keyring";
import { rewrapVaultKeys, rotateDataKey } from "@/lib/gateway/vault/rotate-keys";
import {
  createTestDatabase,
  type JsonBody,
  MASTER_KEY,
  postTokenization,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "./harness";

const masterKey = Buffer.from(MASTER_KEY, "hex");

describe("data key rotation", () => {
  let embeddedDir: string | undefined;
  let database: TestDatabase;
  let gateway: TestGateway;
  let shop: TestShop;
  let seed = 800_000;
  let amount = 1_000;
  const stored: JsonBody[] = [];
  /** Every card number sent (cards tokenized again from a token are stored again under the same number). */
  const numbersSent = new Set<string>();

  async function tokenize(card: Record<string, unknown>, on: TestGateway = gateway): Promise<JsonBody> {
    if (typeof card.number === "string") numbersSent.add(card.number);
    const response = await postTokenization(on, shop, tokenizationRequest({ amount: amount++ }, card));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.transaction.status).toBe("successful");
    return response.body.transaction;
  }

  async function cardKeyIds(on: TestGateway = gateway): Promise<Map<string, string>> {
    const rows = await queryRows<{ token: string; key_id: string }>(
      on.runtime.deps.db,
      sql`select token, key_id from cards`,
    );
    return new Map(rows.map((row) => [row.token, row.key_id]));
  }

  beforeAll(async () => {
    // A directory rather than memory, so a second runtime can open the same embedded database.
    embeddedDir = usePostgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "tessera-rotation-"));
    database = await createTestDatabase({ embeddedDir });
    gateway = await startTestGateway({ database });
    shop = await gateway.createShop();
    for (let i = 0; i < 3; i++) stored.push(await tokenize({ number: uniqueVisaNumber(seed++) }));
    stored.push(await tokenize({ number: "378282246310005", verification_value: "1234" }));
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
    if (embeddedDir) fs.rmSync(embeddedDir, { recursive: true, force: true });
  });

  it("re-encrypts every stored card under the new key and retires the old one", async () => {
    const before = await cardKeyIds();
    expect(new Set(before.values()).size).toBe(1);
    const [oldKeyId] = before.values();

    const { keyId, reencrypted } = await rotateDataKey(gateway.runtime.deps.db, masterKey);
    await gateway.runtime.deps.keyring.refresh(); // what the running instance does on its timer
    expect(keyId).not.toBe(oldKeyId);
    expect(reencrypted).toBe(stored.length);
    expect([...(await cardKeyIds()).values()]).toEqual(stored.map(() => keyId));

    const keys = await queryRows<{ id: string; active: boolean; retired: boolean }>(
      gateway.runtime.deps.db,
      sql`select id, active, retired_at is not null as retired from vault_keys where purpose = 'data' order by created_at`,
    );
    expect(keys.find((key) => key.id === oldKeyId)).toMatchObject({ active: false, retired: true });
    expect(keys.find((key) => key.id === keyId)).toMatchObject({ active: true, retired: false });
  });

  it("tokenizes again from every token stored before the rotation", async () => {
    for (const original of stored) {
      // The security code is not stored: sent again with the token, as a shopper would type it.
      const again = await tokenize({
        token: original.credit_card.token,
        verification_value: original.credit_card.brand === "amex" ? "1234" : "123",
      });
      expect(again.credit_card).toMatchObject({
        stamp: original.credit_card.stamp,
        last_4: original.credit_card.last_4,
        brand: original.credit_card.brand,
      });
      expect(again.credit_card.token).not.toBe(original.credit_card.token);
    }
    const [activeKey] = await queryRows<{ id: string }>(
      gateway.runtime.deps.db,
      sql`select id from vault_keys where purpose = 'data' and active`,
    );
    expect(new Set((await cardKeyIds()).values())).toEqual(new Set([activeKey.id]));
  });

  it("seals cards under the new key once the running instance has refreshed its keyring", async () => {
    const { keyId } = await rotateDataKey(gateway.runtime.deps.db, masterKey);
    // Running instances refresh on a timer (KEYRING_REFRESH_MS); this is that refresh, without the wait.
    await gateway.runtime.deps.keyring.refresh();
    const fresh = await tokenize({ number: uniqueVisaNumber(seed++) });
    expect((await cardKeyIds()).get(fresh.credit_card.token)).toBe(keyId);
  });

  it("refuses to start with a different master key, and starts again with the right one", async () => {
    const token = stored[0].credit_card.token;
    await gateway.close();
    await expect(
      startTestGateway({ database, masterKey: randomBytes(32).toString("hex") }),
    ).rejects.toBeInstanceOf(MasterKeyMismatchError);

    gateway = await startTestGateway({ database });
    const again = await tokenize({ token });
    expect(again.credit_card.stamp).toBe(stored[0].credit_card.stamp);
  });

  it("re-wraps the vault keys under a new master key: every card opens with it, none with the old one", async () => {
    const db = gateway.runtime.deps.db;
    const newMasterKey = randomBytes(32);
    const keyRows = await db.select().from(vaultKeys);
    expect(await rewrapVaultKeys(db, masterKey, newMasterKey)).toBe(keyRows.length);

    const cardRows = await db
      .select({ token: cards.token, keyId: cards.keyId, numberSealed: cards.numberSealed })
      .from(cards);
    const keyring = await loadKeyring(db, newMasterKey);
    const revealed = new Set<string>();
    for (const row of cardRows) revealed.add(await revealCardNumber(keyring, row));
    expect(revealed).toEqual(numbersSent);

    // Under the old master key no vault key opens, so no card does.
    for (const row of await db.select().from(vaultKeys)) {
      expect(() => unwrapDataKey(masterKey, row.wrappedKey, row.id), row.id).toThrow();
    }
    await expect(loadKeyring(db, masterKey)).rejects.toBeInstanceOf(MasterKeyMismatchError);

    await gateway.close();
    await expect(startTestGateway({ database })).rejects.toBeInstanceOf(MasterKeyMismatchError);
    gateway = await startTestGateway({ database, masterKey: newMasterKey.toString("hex") });
    const again = await tokenize({ token: stored[3].credit_card.token, verification_value: "1234" });
    expect(again.credit_card.stamp).toBe(stored[3].credit_card.stamp);
  });
});
