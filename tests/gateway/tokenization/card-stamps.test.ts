import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { cards, legacyStamps, transactions } from "@/lib/db/schema";
import { rekeyLegacyStamps } from "@/lib/gateway/transactions/rekey-legacy-stamps";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * The stamp is a shop's own identifier of a card: stable within the shop (the spec's meaning), different in every
 * other shop, and given only with the token of a stored card, never for a tokenization that failed.
 */

const HEX_64 = /^[0-9a-f]{64}$/;

let gateway: TestGateway;
let receiver: WebhookReceiver;
let seed = 610_000;

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway(), startWebhookReceiver()]);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), receiver?.close()]);
});

async function tokenize(shop: TestShop, overrides: Record<string, unknown>, card: Record<string, unknown>) {
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({ duplicate_check: false, ...overrides }, card),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction as JsonBody;
}

async function storedStampOf(token: string): Promise<string | undefined> {
  const [row] = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
  return row?.stamp;
}

describe("stamps per shop", () => {
  it("are stable for a card within a shop, whatever its expiry or holder, and differ between shops", async () => {
    const [first, second] = [await gateway.createShop(), await gateway.createShop()];
    const number = uniqueVisaNumber(seed++);
    const once = await tokenize(first, {}, { number });
    const again = await tokenize(first, {}, { number, exp_month: "3", exp_year: "2039", holder: "J DOE" });
    const elsewhere = await tokenize(second, {}, { number });

    expect(once.credit_card.stamp).toMatch(HEX_64);
    expect(again.credit_card.stamp).toBe(once.credit_card.stamp);
    expect(elsewhere.credit_card.stamp).toMatch(HEX_64);
    expect(elsewhere.credit_card.stamp).not.toBe(once.credit_card.stamp);
    expect(await storedStampOf(once.credit_card.token)).toBe(once.credit_card.stamp);
    expect(await storedStampOf(elsewhere.credit_card.token)).toBe(elsewhere.credit_card.stamp);
    const other = await tokenize(first, {}, { number: uniqueVisaNumber(seed++) });
    expect(other.credit_card.stamp).not.toBe(once.credit_card.stamp);
  });
});

describe("a tokenization that fails", () => {
  let shop: TestShop;
  let secureShop: TestShop;

  beforeAll(async () => {
    shop = await gateway.createShop({
      smart_routing_rules: [{ match: { currency: "EUR" }, action: "decline" }],
    });
    secureShop = await gateway.createShop({ three_d_secure: true });
    receiver.answer = (request) =>
      request.path.startsWith("/verify")
        ? { status: 200, body: '{"code":1,"message":"Not this one"}' }
        : { status: 200 };
  });

  /** The transaction in every place a merchant reads it: answer, query, tracking-id query, stored body, webhook. */
  async function everywhere(as: TestShop, transaction: JsonBody) {
    const query = await callJson(gateway, `/transactions/${transaction.uid}`, { shop: as });
    const byTrackingId = await callJson(gateway, `/transactions/tracking_id/${transaction.tracking_id}`, {
      shop: as,
    });
    const [row] = await gateway.runtime.deps.db
      .select({ body: transactions.body })
      .from(transactions)
      .where(eq(transactions.uid, transaction.uid));
    receiver.received.length = 0;
    while ((await gateway.runtime.notifications.runOnce()) > 0);
    const webhooks = receiver.received.filter((request) => request.path.startsWith("/notify"));
    expect(webhooks).toHaveLength(1);
    return [
      transaction,
      query.body.transaction,
      byTrackingId.body.transactions[0],
      row.body as JsonBody,
      JSON.parse(webhooks[0].body).transaction,
    ];
  }

  const cases: [string, () => Promise<[TestShop, Record<string, unknown>, Record<string, unknown>]>][] = [
    ["declined by the acquirer", async () => [shop, {}, { number: "4005550000000019" }]],
    [
      "declined on its security code",
      async () => [shop, {}, { number: uniqueVisaNumber(seed++), verification_value: "222" }],
    ],
    [
      "declined by a smart-routing rule",
      async () => [shop, { currency: "EUR" }, { number: uniqueVisaNumber(seed++) }],
    ],
    [
      "rejected by the merchant's verification",
      async () => [
        shop,
        { verification_url: `${receiver.origin}/verify` },
        { number: uniqueVisaNumber(seed++) },
      ],
    ],
    [
      "failed by 3-D Secure at once",
      async () => [
        secureShop,
        { return_url: "https://merchant.example/back" },
        { number: "4012000000001014" },
      ],
    ],
  ];

  it.each(cases)("%s: no stamp and no token anywhere", async (_name, setup) => {
    const [as, overrides, card] = await setup();
    const transaction = await tokenize(
      as,
      { ...overrides, tracking_id: `failed-${seed++}`, notification_url: `${receiver.origin}/notify` },
      card,
    );
    expect(transaction.status).toBe("failed");
    for (const seen of await everywhere(as, transaction)) {
      expect(seen.credit_card).toMatchObject({ stamp: null, token: null });
    }
  });

  it("3-D Secure pending: no stamp until the challenge is passed, then the shop's stamp", async () => {
    const number = uniqueVisaNumber(seed++);
    const pending = await tokenize(
      secureShop,
      {
        return_url: "https://merchant.example/back",
        tracking_id: `pending-${seed}`,
        notification_url: `${receiver.origin}/notify`,
      },
      { number },
    );
    expect(pending).toMatchObject({ status: "incomplete", credit_card: { stamp: null, token: null } });
    const code = shownCode((await openPage(gateway, pending.uid)).html);
    expect((await submitForm(gateway, pending.uid, { code, action: "confirm" })).status).toBe(303);
    const [, query, , stored, webhook] = await everywhere(secureShop, pending);
    expect(query.status).toBe("successful");
    expect(query.credit_card.stamp).toMatch(HEX_64);
    expect(stored.credit_card.stamp).toBe(query.credit_card.stamp);
    expect(webhook.credit_card.stamp).toBe(query.credit_card.stamp);
    expect(await storedStampOf(query.credit_card.token)).toBe(query.credit_card.stamp);
  });

  it("3-D Secure failed by wrong codes: no stamp", async () => {
    const pending = await tokenize(
      secureShop,
      {
        return_url: "https://merchant.example/back",
        tracking_id: `wrong-${seed}`,
        notification_url: `${receiver.origin}/notify`,
      },
      { number: uniqueVisaNumber(seed++) },
    );
    const code = shownCode((await openPage(gateway, pending.uid)).html);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let attempt = 0; attempt < 3; attempt++)
      await submitForm(gateway, pending.uid, { code: wrong, action: "confirm" });
    const [, query, , stored, webhook] = await everywhere(secureShop, pending);
    expect(query.status).toBe("failed");
    for (const seen of [query, stored, webhook])
      expect(seen.credit_card).toMatchObject({ stamp: null, token: null });
  });
});

describe("stamps written before stamps were per shop", () => {
  it("become the shop's stamps at start-up; failed transactions lose theirs", async () => {
    const shop = await gateway.createShop();
    const { db, keyring } = gateway.runtime.deps;
    const stored = await tokenize(shop, {}, { number: uniqueVisaNumber(seed++) });
    const declined = await tokenize(shop, {}, { number: "4005550000000019" });
    // As an older version wrote them: one global digest per number, listed by migration 0007.
    const legacy = "ab".repeat(32);
    await db.update(cards).set({ stamp: legacy }).where(eq(cards.token, stored.credit_card.token));
    for (const transaction of [stored, declined]) {
      const [row] = await db.select().from(transactions).where(eq(transactions.uid, transaction.uid));
      const body = row.body as JsonBody;
      await db
        .update(transactions)
        .set({ body: { ...body, credit_card: { ...body.credit_card, stamp: legacy } } })
        .where(eq(transactions.uid, transaction.uid));
      await db.insert(legacyStamps).values({ kind: "transaction", key: transaction.uid });
    }
    await db.insert(legacyStamps).values({ kind: "card", key: stored.credit_card.token });

    expect(await rekeyLegacyStamps(db, keyring.hashes)).toBe(3);
    const expected = keyring.hashes.shopStampFromLegacy({ shopId: shop.id, legacyStamp: legacy });
    expect(expected).not.toBe(legacy);
    expect(await storedStampOf(stored.credit_card.token)).toBe(expected);
    const query = async (uid: string) =>
      (await callJson(gateway, `/transactions/${uid}`, { shop })).body.transaction;
    expect((await query(stored.uid)).credit_card.stamp).toBe(expected);
    expect((await query(declined.uid)).credit_card.stamp).toBeNull();
    // The body keeps its key order (it is json, not jsonb).
    expect(Object.keys((await query(stored.uid)).credit_card)).toEqual(Object.keys(stored.credit_card));
    const left = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from legacy_stamps`,
    );
    expect(left[0].count).toBe(0);
    expect(await rekeyLegacyStamps(db, keyring.hashes)).toBe(0);
  });
});
