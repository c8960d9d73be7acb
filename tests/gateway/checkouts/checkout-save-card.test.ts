import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import { deliveredWebhook, merchantCheckout, pageAttempt, typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { openPage, queryTransaction, shownCode, submitForm } from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * The shopper's save-card choice on a payment or authorization session (`save_card_toggle.display`): a charge the
 * shopper did not choose to save keeps no card and shows no token anywhere; one they chose to save keeps the card
 * as any charge through the API does. The page's `save_card` counts only where the merchant offered the choice.
 */

let gateway: TestGateway;
let receiver: WebhookReceiver;
let seed = 760_000;
let amountSeed = 30_200;

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway(), startWebhookReceiver()]);
});

afterAll(async () => {
  await gateway.close();
  await receiver.close();
});

function nextAmount(): number {
  amountSeed += 1000;
  return amountSeed;
}

async function createCheckout(
  shop: TestShop,
  options: { type?: string; display?: boolean; checkout?: Record<string, unknown> } = {},
): Promise<string> {
  const amount = nextAmount();
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: options.type ?? "payment",
        order: {
          amount,
          currency: "EUR",
          description: "Harbour tour",
          tracking_id: `tour-${amount}`,
          additional_data: { contract: ["recurring"] },
        },
        settings: {
          notification_url: `${receiver.origin}/hooks`,
          success_url: "https://merchant.example/ok",
          save_card_toggle: { display: options.display ?? true },
        },
        ...options.checkout,
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.checkout.token;
}

/** One attempt as the page sends it; `saveCard` undefined sends no field at all. */
function pay(token: string, saveCard: unknown, card: Record<string, unknown> = {}) {
  return typedCardAttempt(gateway, token, {
    seed: seed++,
    card,
    request: saveCard === undefined ? {} : { save_card: saveCard },
  });
}

async function webhookOf(uid: string): Promise<JsonBody> {
  return JSON.parse((await deliveredWebhook(gateway, receiver, uid)).body).transaction;
}

function cardsOf(shop: TestShop) {
  return gateway.runtime.deps.db.select().from(cards).where(eq(cards.shopId, shop.id));
}

async function storedTransaction(uid: string) {
  const [row] = await gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return row;
}

describe("a payment session that offers to save the card", () => {
  it("keeps no card when the shopper did not choose to: no token in the answer, query, webhook or session", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    for (const [type, choice] of [
      ["payment", undefined],
      ["payment", false],
      ["authorization", false],
      // Consent is `true` and nothing else.
      ["payment", "true"],
    ] as const) {
      const token = await createCheckout(shop, { type });
      const response = await pay(token, choice);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const answer = response.body.transaction;
      expect(answer).toMatchObject({ type, status: "successful" });
      expect(answer.credit_card.token).toBeUndefined();

      const queried = await queryTransaction(gateway, shop, answer.uid);
      expect(queried).toMatchObject({ type, status: "successful", [type]: { status: "successful" } });
      expect(queried.credit_card).toMatchObject({ token: null, stamp: null, last_4: expect.any(String) });
      expect((await webhookOf(answer.uid)).credit_card).toMatchObject({ token: null, stamp: null });
      const session = await merchantCheckout(gateway, shop, token);
      expect(session).toMatchObject({ status: "successful", finished: true });
      expect(session.gateway_response.transaction.credit_card).toMatchObject({ token: null, stamp: null });
      expect((await storedTransaction(answer.uid)).cardToken).toBeNull();
    }
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("keeps the card when the shopper chose to, with the session's contract, and returns its token", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    const token = await createCheckout(shop);
    const answer = (await pay(token, true)).body.transaction;
    expect(answer).toMatchObject({ status: "successful" });
    const queried = await queryTransaction(gateway, shop, answer.uid);
    expect(queried.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(queried.credit_card.stamp).toEqual(expect.any(String));
    expect((await webhookOf(answer.uid)).credit_card.token).toBe(queried.credit_card.token);
    expect(
      (await merchantCheckout(gateway, shop, token)).gateway_response.transaction.credit_card.token,
    ).toBe(queried.credit_card.token);
    const stored = await cardsOf(shop);
    expect(stored.map((card) => [card.token, card.contract, card.heldForCharge])).toEqual([
      [queried.credit_card.token, ["recurring"], false],
    ]);

    // The kept token charges again, as the contract allows (merchant-initiated, no security code).
    const again = await callJson(gateway, "/transactions/payments", {
      shop,
      body: {
        request: {
          amount: nextAmount(),
          currency: "EUR",
          description: "Next tour",
          credit_card: { token: queried.credit_card.token },
        },
      },
    });
    expect(again.body.transaction).toMatchObject({ status: "successful" });
  });

  it("keeps no card from a declined charge either way", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    for (const choice of [true, false]) {
      const token = await createCheckout(shop);
      const answer = (await pay(token, choice, { number: "4005550000000027" })).body.transaction;
      expect(answer).toMatchObject({ status: "failed" });
      expect((await queryTransaction(gateway, shop, answer.uid)).credit_card.token).toBeNull();
    }
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("holds the card through 3-D Secure only for the charge when the shopper did not choose to save it", async () => {
    const shop = await gateway.createShop({ three_d_secure: true }, "Secure Tours");
    const token = await createCheckout(shop);
    const started = (await pay(token, false, { number: "4012000000001097" })).body.transaction;
    expect(started).toMatchObject({ status: "incomplete" });
    // Held while the shopper is at the issuer's page: the charge needs the number when they pass.
    expect((await cardsOf(shop)).map((card) => card.heldForCharge)).toEqual([true]);

    const code = shownCode((await openPage(gateway, started.uid)).html);
    expect((await submitForm(gateway, started.uid, { code, action: "confirm" })).status).toBe(303);
    const queried = await queryTransaction(gateway, shop, started.uid);
    expect(queried).toMatchObject({ status: "successful", payment: { status: "successful" } });
    expect(queried.credit_card).toMatchObject({ token: null, stamp: null });
    expect((await webhookOf(started.uid)).credit_card.token).toBeNull();
    expect(
      (await merchantCheckout(gateway, shop, token)).gateway_response.transaction.credit_card.token,
    ).toBeNull();
    expect(await cardsOf(shop)).toEqual([]);
  });
});

describe("a card held for a charge", () => {
  it("is unknown by its token while the charge runs: nothing a merchant sends can use or change it", async () => {
    const shop = await gateway.createShop({ three_d_secure: true }, "Secure Tours");
    const session = await createCheckout(shop);
    const started = (await pay(session, false, { number: "4012000000001097" })).body.transaction;
    expect(started).toMatchObject({ status: "incomplete" });
    const [held] = await cardsOf(shop);
    expect(held.heldForCharge).toBe(true);

    const order = () => ({ amount: nextAmount(), currency: "EUR", description: "Harbour tour" });
    const charge = (token: string) => ({
      request: {
        ...order(),
        return_url: "https://merchant.example/back",
        credit_card: { token, verification_value: "123" },
      },
    });
    const uses: [path: string, body: (token: string) => unknown][] = [
      ["/transactions/payments", charge],
      ["/transactions/authorizations", charge],
      ["/transactions/tokenizations", charge],
      ["/transactions/credits", (token) => ({ request: { ...order(), credit_card: { token } } })],
      ["/credit_cards", (token) => ({ request: { token, holder: "Mallory" } })],
      [
        "/ctp/api/checkouts",
        (token) => ({
          checkout: {
            transaction_type: "tokenization",
            order: order(),
            payment_method: { credit_card: { token } },
          },
        }),
      ],
    ];
    const unknownToken = randomBytes(32).toString("hex");
    for (const [path, body] of uses) {
      const unknown = await callJson(gateway, path, { shop, body: body(unknownToken) });
      expect(unknown, path).toMatchObject({ status: 422, body: { message: "Token does not exist." } });
      const answer = await callJson(gateway, path, { shop, body: body(held.token) });
      expect({ status: answer.status, body: answer.body }, path).toEqual({
        status: unknown.status,
        body: unknown.body,
      });
    }
    expect(await cardsOf(shop)).toEqual([held]);

    // The charge it is held for still finishes with it, and then it is gone.
    const code = shownCode((await openPage(gateway, started.uid)).html);
    expect((await submitForm(gateway, started.uid, { code, action: "confirm" })).status).toBe(303);
    expect(await queryTransaction(gateway, shop, started.uid)).toMatchObject({ status: "successful" });
    expect(await cardsOf(shop)).toEqual([]);
  });
});

describe("the page's save_card where the choice is not offered", () => {
  it("is ignored by a session without the toggle: the card is kept, as the merchant decided", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    const token = await createCheckout(shop, { display: false });
    const answer = (await pay(token, false)).body.transaction;
    const queried = await queryTransaction(gateway, shop, answer.uid);
    expect(queried.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await cardsOf(shop)).map((card) => card.token)).toEqual([queried.credit_card.token]);
  });

  it("is ignored by a tokenization session: storing the card is what it is for", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    const token = await createCheckout(shop, { type: "tokenization" });
    const answer = (await pay(token, false)).body.transaction;
    const queried = await queryTransaction(gateway, shop, answer.uid);
    expect(queried).toMatchObject({ type: "tokenization", status: "successful" });
    expect(queried.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await cardsOf(shop)).map((card) => card.token)).toEqual([queried.credit_card.token]);
  });

  it("is ignored by a oneclick session: it pays with the card already stored, which stays", async () => {
    const shop = await gateway.createShop({}, "Harbour Tours");
    const saved = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ additional_data: { contract: ["oneclick"] }, amount: nextAmount() }),
    );
    const savedToken = saved.body.transaction.credit_card.token;
    const token = await createCheckout(shop, {
      checkout: { payment_method: { credit_card: { token: savedToken } } },
    });
    const response = await pageAttempt(gateway, token, {
      credit_card: { verification_value: "123" },
      save_card: false,
    });
    expect(response.body.transaction).toMatchObject({ type: "payment", status: "successful" });
    const queried = await queryTransaction(gateway, shop, response.body.transaction.uid);
    expect(queried.credit_card.token).toBe(savedToken);
    expect((await cardsOf(shop)).map((card) => card.token)).toEqual([savedToken]);
  });
});
