import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveredWebhook, merchantCheckout, shopperCheckout, typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { RecordingAcquirer } from "../money-helpers";
import { openPage, queryTransaction, shownCode, submitForm } from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * Checkout sessions of `transaction_type` payment and authorization: the hosted page's attempt (the session token
 * as the credential) charges the card, or holds the amount, with everything but the card taken from the session;
 * 3-D Secure, oneclick and the merchant's webhook work as for a tokenization session.
 */

const acquirer = new RecordingAcquirer();
let gateway: TestGateway;
let shop: TestShop;
let secureShop: TestShop;
let receiver: WebhookReceiver;
let seed = 730_000;
// Amounts whose last three digits the sandbox acquirer has no special answer for (see sandbox-outcomes.ts).
let amountSeed = 20_200;

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer });
  [shop, secureShop, receiver] = await Promise.all([
    gateway.createShop({}, "Harbour Tours"),
    gateway.createShop({ three_d_secure: true }, "Secure Tours"),
    startWebhookReceiver(),
  ]);
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
  type: string,
  options: { owner?: TestShop; amount?: number; checkout?: Record<string, unknown> } = {},
): Promise<{ token: string; amount: number }> {
  const amount = options.amount ?? nextAmount();
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop: options.owner ?? shop,
    body: {
      checkout: {
        transaction_type: type,
        attempts: 2,
        order: { amount, currency: "EUR", description: "Harbour tour", tracking_id: `tour-${amount}` },
        settings: {
          notification_url: `${receiver.origin}/hooks`,
          success_url: "https://merchant.example/ok",
        },
        ...options.checkout,
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { token: response.body.checkout.token, amount };
}

function pay(token: string, card: Record<string, unknown> = {}) {
  return typedCardAttempt(gateway, token, {
    seed: seed++,
    card,
    // The page cannot change what the merchant set: these are ignored.
    request: { amount: 1, currency: "USD" },
  });
}

/** The merchant's full view of a transaction (the page's own answer is the shopper view: no acquirer details). */
function merchantTransaction(uid: string, owner: TestShop = shop): Promise<JsonBody> {
  return queryTransaction(gateway, owner, uid);
}

describe("a payment session", () => {
  it("charges the session's amount through the page and is successful, with the card's token", async () => {
    const { token, amount } = await createCheckout("payment");
    expect((await shopperCheckout(gateway, token)).transaction_type).toBe("payment");
    const response = await pay(token);
    expect(response.status).toBe(200);
    // What the page sees: the outcome, no token, no acquirer details.
    expect(response.body.transaction).toMatchObject({
      type: "payment",
      status: "successful",
      message: "Successfully processed",
      amount,
      currency: "EUR",
    });
    expect(response.body.transaction.payment).toBeUndefined();
    expect(response.body.transaction.credit_card.token).toBeUndefined();
    const transaction = await merchantTransaction(response.body.transaction.uid);
    expect(transaction).toMatchObject({
      type: "payment",
      status: "successful",
      amount,
      tracking_id: `tour-${amount}`,
      payment: { status: "successful" },
      parent_uid: null,
    });
    expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(transaction.paid_at).not.toBeNull();
    expect(acquirer.callsFor(transaction.uid).map((call) => call.operation)).toEqual(["authorize+capture"]);

    const merchant = await merchantCheckout(gateway, shop, token);
    expect(merchant).toMatchObject({ transaction_type: "payment", status: "successful", finished: true });
    expect(merchant.gateway_response.transaction.uid).toBe(transaction.uid);
    // The session's transaction is the merchant's query answer: all of it refundable before any refund.
    expect(merchant.gateway_response.transaction.amounts).toMatchObject({ refunded: 0, refundable: amount });
    expect(merchant.gateway_response.transaction.amounts).toEqual(transaction.amounts);
    expect((await shopperCheckout(gateway, token)).last_transaction).toMatchObject({ uid: transaction.uid });
  });

  it("sends the merchant's webhook of the payment, signed", async () => {
    const { token } = await createCheckout("payment");
    const transaction = (await pay(token)).body.transaction;
    const delivered = await deliveredWebhook(gateway, receiver, transaction.uid);
    expect(delivered.headers["content-signature"]).toBeTruthy();
    expect(JSON.parse(delivered.body).transaction).toMatchObject({
      type: "payment",
      status: "successful",
      amounts: { refundable: transaction.amount },
    });
  });

  it("takes another attempt after a decline, and fails when none are left; nothing is charged", async () => {
    const { token } = await createCheckout("payment");
    const declined = (await pay(token, { number: "4005550000000027" })).body.transaction;
    expect(declined).toMatchObject({ type: "payment", status: "failed", message: "Payment was declined" });
    expect((await merchantTransaction(declined.uid)).payment).toMatchObject({
      status: "failed",
      message: "Insufficient funds",
    });
    expect(await shopperCheckout(gateway, token)).toMatchObject({ status: "pending", attempts_left: 1 });
    await pay(token, { number: "4005550000000019" });
    expect(await merchantCheckout(gateway, shop, token)).toMatchObject({ status: "failed", finished: true });
  });

  it("pays with the saved card of a oneclick session and the security code the page sends", async () => {
    const stored = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ additional_data: { contract: ["oneclick"] }, amount: nextAmount() }),
    );
    const savedToken = stored.body.transaction.credit_card.token;
    const { token } = await createCheckout("payment", {
      checkout: { payment_method: { credit_card: { token: savedToken } } },
    });
    expect((await shopperCheckout(gateway, token)).saved_card).toEqual({ brand: "visa", last_4: "0000" });
    const response = await callJson(gateway, "/transactions/tokenizations", {
      headers: { authorization: `Bearer ${token}` },
      body: { request: { credit_card: { verification_value: "123" } } },
    });
    expect(response.body.transaction).toMatchObject({
      type: "payment",
      status: "successful",
      credit_card: { last_4: "0000" },
    });
  });

  it.each([
    ["credit", "Token is for payouts only (contract credit)."],
    ["recurring", "Token has no oneclick contract: a charge with verification_value needs one."],
  ])(
    "refuses to offer a %s-only token: the page charges with the security code, which it does not allow",
    async (contract, message) => {
      const stored = await postTokenization(
        gateway,
        shop,
        tokenizationRequest({ additional_data: { contract: [contract] }, amount: nextAmount() }),
      );
      const savedToken = stored.body.transaction.credit_card.token;
      for (const type of ["payment", "authorization"]) {
        const response = await callJson(gateway, "/ctp/api/checkouts", {
          shop,
          body: {
            checkout: {
              transaction_type: type,
              order: { amount: nextAmount(), currency: "EUR", description: "Harbour tour" },
              settings: { success_url: "https://merchant.example/ok" },
              payment_method: { credit_card: { token: savedToken } },
            },
          },
        });
        // Accepted, the session could only ever fail: every attempt the shopper makes is refused by the contract.
        expect({ type, status: response.status, body: response.body }).toEqual({
          type,
          status: 422,
          body: { message, errors: { payment_method: { credit_card: { token: [message] } } } },
        });
      }
    },
  );
});

describe("an authorization session", () => {
  it("holds the amount: an authorization the merchant captures later, nothing paid yet", async () => {
    const { token, amount } = await createCheckout("authorization");
    expect((await shopperCheckout(gateway, token)).transaction_type).toBe("authorization");
    const transaction = await merchantTransaction((await pay(token)).body.transaction.uid);
    expect(transaction).toMatchObject({
      type: "authorization",
      status: "successful",
      amount,
      authorization: { status: "successful" },
      paid_at: null,
      amounts: { capturable: amount, authorization_expires_at: expect.any(String) },
    });
    expect(await merchantCheckout(gateway, shop, token)).toMatchObject({
      transaction_type: "authorization",
      status: "successful",
      gateway_response: { transaction: { amounts: transaction.amounts } },
    });
  });
});

describe("3-D Secure on a payment session", () => {
  it("charges nothing until the challenge passes, then the session is successful", async () => {
    const { token } = await createCheckout("payment", { owner: secureShop });
    const started = (await pay(token, { number: "4012000000001097" })).body.transaction;
    expect(started).toMatchObject({ type: "payment", status: "incomplete" });
    expect(acquirer.callsFor(started.uid)).toEqual([]);
    expect(await shopperCheckout(gateway, token)).toMatchObject({ status: "incomplete" });

    const code = shownCode((await openPage(gateway, started.uid)).html);
    const answer = await submitForm(gateway, started.uid, { code, action: "confirm" });
    expect(answer.status).toBe(303);
    expect(answer.location).toContain(`http://localhost:3999/checkout/${token}/return`);

    const merchant = await merchantCheckout(gateway, secureShop, token);
    expect(merchant).toMatchObject({ status: "successful", finished: true });
    expect(merchant.gateway_response.transaction).toMatchObject({ uid: started.uid, status: "successful" });
    expect(acquirer.callsFor(started.uid).map((call) => call.operation)).toEqual(["authorize+capture"]);
  });
});
