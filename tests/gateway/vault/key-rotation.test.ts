import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "@/lib/db/client";
import { cards, vaultKeys } from "@/lib/db/schema";
import { revealCardNumber } from "@/lib/gateway/vault/card-vault";
import { unwrapDataKey } from "@/lib/gateway/vault/envelope";
import { loadKeyring, MasterKeyMismatchError } from "@/lib/gateway/vault/keyring";
import { rewrapVaultKeys, rotateDataKey, switchActiveDataKey } from "@/lib/gateway/vault/rotate-keys";
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
} from "../harness";

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

  it("seals again under the active key a card an instance sealed under a key retired since", async () => {
    const { keyring } = gateway.runtime.deps;
    const stale = keyring.active();
    const { keyId } = await rotateDataKey(gateway.runtime.deps.db, masterKey);
    // Rotated elsewhere, and this instance has not refreshed its keyring yet (its timer runs every
    // KEYRING_REFRESH_MS; pinned here so the timer cannot win the race): the card is sealed under the retired key,
    // after the rotation's scan.
    const activeSpy = vi.spyOn(keyring, "active").mockReturnValueOnce(stale);
    try {
      const fresh = await tokenize({ number: uniqueVisaNumber(seed++) });
      expect(activeSpy).toHaveBeenCalled();
      const keyIds = await cardKeyIds();
      expect(keyIds.get(fresh.credit_card.token)).toBe(keyId);
      expect(new Set(keyIds.values())).toEqual(new Set([keyId])); // no card left under a retired key
      expect(keyring.active().id).toBe(keyId);
      const again = await tokenize({ token: fresh.credit_card.token });
      expect(again.credit_card.stamp).toBe(fresh.credit_card.stamp);
    } finally {
      activeSpy.mockRestore();
    }
  });

  it.runIf(usePostgres)(
    "holds a card's write until a rotation in flight has switched keys, then seals it under the new key",
    async () => {
      const { keyring } = gateway.runtime.deps;
      const staleKeyId = keyring.active().id;
      // The first step of a rotation on another connection, held open: the new key is active, not yet committed.
      const rotation = new pg.Client({ connectionString: database.url! });
      await rotation.connect();
      try {
        const keyId = await drizzle(rotation).transaction(async (tx) => {
          const switched = await switchActiveDataKey(tx, masterKey);
          let settled = false;
          const written = tokenize({ number: uniqueVisaNumber(seed++) }).finally(() => {
            settled = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(settled).toBe(false); // waiting for the rotation's lock
          return { switched, written };
        });
        const fresh = await keyId.written;
        expect(keyring.active().id).not.toBe(staleKeyId);
        expect((await cardKeyIds()).get(fresh.credit_card.token)).toBe(keyId.switched);
      } finally {
        await rotation.end();
      }
      // The rest of that rotation: every card under the newest key.
      const { keyId: newest } = await rotateDataKey(gateway.runtime.deps.db, masterKey);
      await keyring.refresh();
      expect(new Set((await cardKeyIds()).values())).toEqual(new Set([newest]));
    },
  );

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
