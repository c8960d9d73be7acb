import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let receiver: WebhookReceiver;
const acquirer = new RecordingAcquirer();
let seed = 630_000;

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway({ acquirer }), startWebhookReceiver()]);
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await Promise.all([gateway.close(), receiver.close()]);
});

function creditRequest(card: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    request: {
      amount: 2512,
      currency: "EUR",
      description: "Winnings",
      tracking_id: "payout-1",
      credit_card: card,
      ...overrides,
    },
  };
}

async function storedToken(contract: string[], as: TestShop = shop): Promise<string> {
  const response = await postTokenization(
    gateway,
    as,
    tokenizationRequest({ additional_data: { contract } }, { number: uniqueVisaNumber(seed++) }),
  );
  return response.body.transaction.credit_card.token;
}

describe("a payout with a stored card", () => {
  let token: string;
  let credit: JsonBody;

  beforeAll(async () => {
    // The beGateway PHP client pays out with the token of a plain payment.
    const payment = await postPayment(
      gateway,
      shop,
      paymentRequest({}, { number: uniqueVisaNumber(seed++) }),
    );
    token = payment.body.transaction.credit_card.token;
    const response = await postPayment(gateway, shop, creditRequest({ token }), "credits");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    credit = response.body.transaction;
  });

  it("is a successful credit with the acquirer's answer", () => {
    expect(credit).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "credit",
      amount: 2512,
      currency: "EUR",
      description: "Winnings",
      tracking_id: "payout-1",
      parent_uid: null,
      credit: { status: "successful", message: "Approved", bank_code: "00" },
      credit_card: { token },
    });
    expect(credit.receipt_url).toMatch(/\/process\/[0-9a-f-]+\/receipt$/);
    expect(Date.parse(credit.paid_at)).toBeGreaterThan(0);
    expect(credit.payment).toBeUndefined();
  });

  it("was a credit at the acquirer, and the query answers it", async () => {
    expect(acquirer.callsFor(credit.uid)).toEqual([
      { operation: "credit", idempotencyKey: credit.uid, amount: 2512 },
    ]);
    const queried = await callJson(gateway, `/transactions/${credit.uid}`, { shop });
    expect(queried.body).toEqual({ transaction: credit });
  });

  it("is refused as a duplicate within 30 seconds, unless duplicate_check is false", async () => {
    expect(await postPayment(gateway, shop, creditRequest({ token }), "credits")).toMatchObject({
      status: 422,
      body: { message: "Duplicate transaction", errors: { base: ["Duplicate transaction"] } },
    });
    const again = await postPayment(
      gateway,
      shop,
      creditRequest({ token }, { duplicate_check: false }),
      "credits",
    );
    expect(again.body.transaction.status).toBe("successful");
  });
});

describe("which tokens pay out", () => {
  it("a credit contract does; a token with only recurring does not", async () => {
    const credit = await postPayment(
      gateway,
      shop,
      creditRequest({ token: await storedToken(["credit"]) }),
      "credits",
    );
    expect(credit.body.transaction.status).toBe("successful");
    const recurring = await storedToken(["recurring"]);
    expect(await postPayment(gateway, shop, creditRequest({ token: recurring }), "credits")).toMatchObject({
      status: 422,
      body: {
        message: "Token has no credit contract: payouts need one.",
        errors: { credit_card: { token: ["Token has no credit contract: payouts need one."] } },
      },
    });
  });

  it("another shop's token, or one never issued: Token does not exist.", async () => {
    const doesNotExist = {
      status: 422,
      body: {
        message: "Token does not exist.",
        errors: { credit_card: { token: ["Token does not exist."] } },
      },
    };
    const foreign = await storedToken([], otherShop);
    expect(await postPayment(gateway, shop, creditRequest({ token: foreign }), "credits")).toMatchObject(
      doesNotExist,
    );
    expect(await postPayment(gateway, shop, creditRequest({ token: "12345" }), "credits")).toMatchObject(
      doesNotExist,
    );
  });

  it("an expired stored card: Date is expired", async () => {
    const token = await storedToken([]);
    await gateway.runtime.deps.db
      .update(cards)
      .set({ expMonth: 3, expYear: 2021 })
      .where(eq(cards.token, token));
    expect(await postPayment(gateway, shop, creditRequest({ token }), "credits")).toMatchObject({
      status: 422,
      body: { message: "Date is expired", errors: { credit_card: { exp_year: ["Date is expired"] } } },
    });
  });
});

describe("a payout with card data", () => {
  it("pays out without storing the card, and never sends a security code", async () => {
    const number = uniqueVisaNumber(seed++);
    const response = await postPayment(
      gateway,
      shop,
      creditRequest({ number, holder: "Jane Roe", verification_value: "123", ...futureExpiry() }),
      "credits",
    );
    expect(response.body.transaction).toMatchObject({
      status: "successful",
      credit_card: { token: null, last_4: number.slice(-4), holder: "Jane Roe" },
    });
    const [row] = await gateway.runtime.deps.db
      .select({ cardToken: transactions.cardToken })
      .from(transactions)
      .where(eq(transactions.uid, response.body.transaction.uid));
    expect(row.cardToken).toBeNull();
  });

  it("follows the sandbox's outcomes: a declining card, a processor error", async () => {
    const declined = await postPayment(
      gateway,
      shop,
      creditRequest({ number: "4005550000000068", ...futureExpiry() }),
      "credits",
    );
    expect(declined.body.transaction).toMatchObject({
      status: "failed",
      message: "Credit was declined",
      credit: { status: "failed", message: "Restricted card", bank_code: "62" },
      paid_at: null,
    });
    const error = await postPayment(
      gateway,
      shop,
      creditRequest({ number: uniqueVisaNumber(seed++), ...futureExpiry() }, { amount: 5096 }),
      "credits",
    );
    expect(error.body.transaction).toMatchObject({
      status: "error",
      credit: { status: "error", bank_code: "96" },
    });
  });

  it("answers 422 with every field error", async () => {
    const response = await postPayment(
      gateway,
      shop,
      { request: { amount: -1, currency: "EUR", credit_card: { number: "4200000000000001" } } },
      "credits",
    );
    expect(response).toMatchObject({
      status: 422,
      body: {
        errors: {
          amount: ["must be greater than 0"],
          description: ["can't be blank"],
          credit_card: {
            number: ["is invalid"],
            exp_month: ["can't be blank"],
            exp_year: ["can't be blank"],
          },
        },
      },
    });
  });

  it("notifies the merchant of the final payout", async () => {
    const count = receiver.received.length;
    const response = await postPayment(
      gateway,
      shop,
      creditRequest(
        { number: uniqueVisaNumber(seed++), ...futureExpiry() },
        { notification_url: `${receiver.origin}/hooks` },
      ),
      "credits",
    );
    while ((await gateway.runtime.notifications.runOnce()) > 0);
    await receiver.waitFor(count + 1);
    const delivered = JSON.parse(receiver.received.at(-1)!.body);
    expect(delivered.transaction).toMatchObject({
      uid: response.body.transaction.uid,
      type: "credit",
      status: "successful",
    });
  });
});
