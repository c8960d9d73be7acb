import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageAttempt, typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { postPayment } from "../money-helpers";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/**
 * A stored card's contract never gains a right without the shopper: a new token made from a stored card's token
 * (a tokenization, a hosted-page session that offers the card) keeps what the card may do, unless the shopper gives
 * the new right — the security code, and 3-D Secure where the shop has it. A charge with a token returns the same
 * token with the same contract.
 */

let gateway: TestGateway;
let shop: TestShop;
let secureShop: TestShop;
let seed = 940_000;
let amount = 7_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, secureShop] = await Promise.all([
    gateway.createShop(),
    gateway.createShop({ three_d_secure: true }, "3-D Secure Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

const RETURN_URL = "https://merchant.example/back";

function expectWiderContractRefused(response: JsonResponse) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.errors).toEqual({ additional_data: { contract: [expect.any(String)] } });
  expect(response.body.message).toMatch(/^Contract can't give a stored card more than its contract/);
}

/** Stores a card (of its own number unless `number` is given) with `contract`, through a tokenization. */
async function storedToken(
  as: TestShop,
  contract: string[],
  number = uniqueVisaNumber(seed++),
): Promise<string> {
  const response = await postTokenization(gateway, as, {
    request: {
      amount: amount++,
      currency: "EUR",
      description: "First order",
      return_url: RETURN_URL,
      credit_card: { number, verification_value: "123", holder: "Ada Lovelace", ...futureExpiry() },
      additional_data: { contract },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.transaction.status).toBe("successful");
  return response.body.transaction.credit_card.token;
}

/** A tokenization naming a stored card's token, asking for `contract` (none when not given). */
function retokenize(
  as: TestShop,
  token: string,
  options: { contract?: string[]; verificationValue?: string } = {},
): Promise<JsonResponse> {
  return postTokenization(gateway, as, {
    request: {
      amount: amount++,
      currency: "EUR",
      description: "Again",
      return_url: RETURN_URL,
      credit_card: {
        token,
        ...(options.verificationValue ? { verification_value: options.verificationValue } : {}),
      },
      ...(options.contract ? { additional_data: { contract: options.contract } } : {}),
    },
  });
}

/** A merchant-initiated charge: the token alone, no security code. */
function chargeWithoutShopper(as: TestShop, token: string): Promise<JsonResponse> {
  return postPayment(gateway, as, {
    request: { amount: 5_000, currency: "EUR", description: "Later charge", credit_card: { token } },
  });
}

async function cardsOfShop(as: TestShop): Promise<number> {
  const rows = await gateway.runtime.deps.db.query.cards.findMany({
    where: (card, { eq }) => eq(card.shopId, as.id),
  });
  return rows.length;
}

describe("re-tokenizing a stored card without the shopper", () => {
  it("cannot turn a payouts-only (credit) token into a recurring one", async () => {
    const credit = await storedToken(shop, ["credit"]);
    const refused = await chargeWithoutShopper(shop, credit);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.credit_card.token).toEqual(["Token is for payouts only (contract credit)."]);

    const before = await cardsOfShop(shop);
    expectWiderContractRefused(await retokenize(shop, credit, { contract: ["recurring"] }));
    expectWiderContractRefused(await retokenize(shop, credit, { contract: ["credit", "recurring"] }));
    expectWiderContractRefused(await retokenize(shop, credit, { contract: ["oneclick"] }));
    // Nothing was stored for the refused requests.
    expect(await cardsOfShop(shop)).toBe(before);
  });

  it("cannot give a no-contract token of POST /credit_cards the right to charge without the shopper", async () => {
    const stored = await callJson(gateway, "/credit_cards", {
      shop,
      body: { request: { number: uniqueVisaNumber(seed++), holder: "Ada Lovelace", ...futureExpiry() } },
    });
    expect(stored.status).toBe(200);
    const token = stored.body.token;
    expectWiderContractRefused(await retokenize(shop, token, { contract: ["recurring"] }));
    expectWiderContractRefused(
      await retokenize(shop, token, { contract: ["recurring", "oneclick", "credit"] }),
    );
    expect((await chargeWithoutShopper(shop, token)).status).toBe(422);
  });

  it("cannot give a no-contract token of the hosted page the right to charge without the shopper", async () => {
    const session = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          order: { amount: amount++, currency: "EUR", description: "Save a card" },
          settings: { success_url: "https://merchant.example/ok" },
        },
      },
    });
    expect(session.status).toBe(201);
    const attempt = await typedCardAttempt(gateway, session.body.checkout.token, { seed: seed++ });
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
    const { uid } = attempt.body.transaction;
    const merchantView = await callJson(gateway, `/transactions/${uid}`, { shop });
    const token = merchantView.body.transaction.credit_card.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    expectWiderContractRefused(await retokenize(shop, token, { contract: ["recurring"] }));
    expect((await chargeWithoutShopper(shop, token)).status).toBe(422);
  });

  it("keeps the stored card's contract when the request names none", async () => {
    const credit = await storedToken(shop, ["credit"]);
    const again = await retokenize(shop, credit);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const transaction: JsonBody = again.body.transaction;
    expect(transaction.status).toBe("successful");
    expect(transaction.additional_data.contract).toEqual(["credit"]);
    const newToken = transaction.credit_card.token;
    // The new token is payouts-only too: no charge with it, with or without the security code.
    expect((await chargeWithoutShopper(shop, newToken)).body.errors.credit_card.token).toEqual([
      "Token is for payouts only (contract credit).",
    ]);
    const payout = await postPayment(
      gateway,
      shop,
      { request: { amount: 100, currency: "EUR", description: "Payout", credit_card: { token: newToken } } },
      "credits",
    );
    expect(payout.status).toBe(200);
    expect(payout.body.transaction.status).toBe("successful");
  });

  it("may narrow the contract without the shopper", async () => {
    const token = await storedToken(shop, []);
    const narrowed = await retokenize(shop, token, { contract: ["credit"] });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.transaction.additional_data.contract).toEqual(["credit"]);
    const recurring = await storedToken(shop, ["recurring", "credit"]);
    const same = await retokenize(shop, recurring, { contract: ["recurring"] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(
      (await chargeWithoutShopper(shop, same.body.transaction.credit_card.token)).body.transaction.status,
    ).toBe("successful");
  });
});

describe("the shopper giving a stored card a new right", () => {
  it("on a shop without 3-D Secure: a customer-initiated request with the security code", async () => {
    const credit = await storedToken(shop, ["credit"]);
    const upgraded = await retokenize(shop, credit, { contract: ["recurring"], verificationValue: "123" });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.transaction.additional_data.contract).toEqual(["recurring"]);
    const charged = await chargeWithoutShopper(shop, upgraded.body.transaction.credit_card.token);
    expect(charged.status).toBe(200);
    expect(charged.body.transaction.status).toBe("successful");
  });

  it("on a shop with 3-D Secure: the security code alone, or a card 3-D Secure did not verify, is not enough", async () => {
    const credit = await storedToken(secureShop, ["credit"], "4012000000001006");
    expectWiderContractRefused(await retokenize(secureShop, credit, { contract: ["recurring"] }));
    // 4200000000000000 is not enrolled: 3-D Secure cannot vouch for the shopper.
    const notEnrolled = await storedToken(secureShop, ["credit"], "4200000000000000");
    expectWiderContractRefused(
      await retokenize(secureShop, notEnrolled, { contract: ["recurring"], verificationValue: "123" }),
    );
  });

  it("on a shop with 3-D Secure: the security code and a frictionless 3-D Secure", async () => {
    const credit = await storedToken(secureShop, ["credit"], "4012000000001006");
    const upgraded = await retokenize(secureShop, credit, {
      contract: ["recurring"],
      verificationValue: "123",
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.transaction.status).toBe("successful");
    expect(upgraded.body.transaction.three_d_secure_verification.status).toBe("successful");
    const charged = await chargeWithoutShopper(secureShop, upgraded.body.transaction.credit_card.token);
    expect(charged.body.transaction.status).toBe("successful");
  });

  it("on a shop with 3-D Secure: the security code and a challenge the shopper passes", async () => {
    const credit = await storedToken(shop, ["credit"], "4012000000001097");
    // The card is the 3-D Secure shop's too (cards are per shop): stored there through its own challenge.
    const started = await postTokenization(gateway, secureShop, {
      request: {
        amount: amount++,
        currency: "EUR",
        description: "First order",
        return_url: RETURN_URL,
        credit_card: { number: "4012000000001097", verification_value: "123", ...futureExpiry() },
        additional_data: { contract: ["credit"] },
      },
    });
    expect(started.body.transaction.status).toBe("incomplete");
    const stored = await passChallenge(started.body.transaction.uid);
    expect(credit).not.toBe(stored);

    const upgrade = await retokenize(secureShop, stored, {
      contract: ["recurring"],
      verificationValue: "123",
    });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    expect(upgrade.body.transaction.status).toBe("incomplete");
    expect(upgrade.body.transaction.credit_card.token).toBeNull();
    const upgraded = await passChallenge(upgrade.body.transaction.uid);
    const charged = await chargeWithoutShopper(secureShop, upgraded);
    expect(charged.body.transaction.status).toBe("successful");
  });
});

/** Passes the sandbox issuer's challenge of `uid` and returns the token the tokenization then shows. */
async function passChallenge(uid: string): Promise<string> {
  const code = shownCode((await openPage(gateway, uid)).html);
  const answer = await submitForm(gateway, uid, { code, action: "confirm" });
  expect(answer.status).toBe(303);
  const transaction = await callJson(gateway, `/transactions/${uid}`, { shop: secureShop });
  expect(transaction.body.transaction.status).toBe("successful");
  return transaction.body.transaction.credit_card.token;
}

describe("other paths from a stored token", () => {
  it("a charge with a token returns that token with its own contract, whatever the request asks", async () => {
    const token = await storedToken(shop, []);
    const charged = await postPayment(gateway, shop, {
      request: {
        amount: amount++,
        currency: "EUR",
        description: "With the shopper",
        credit_card: { token, verification_value: "123" },
        additional_data: { contract: ["recurring"] },
      },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.transaction.credit_card.token).toBe(token);
    expect(charged.body.transaction.additional_data.contract).toEqual([]);
    expect((await chargeWithoutShopper(shop, token)).status).toBe(422);
  });

  it("a card-token update changes holder and expiry only", async () => {
    const token = await storedToken(shop, ["credit"]);
    const updated = await callJson(gateway, "/credit_cards", {
      shop,
      body: { request: { token, holder: "Ada King", additional_data: { contract: ["recurring"] } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.token).toBe(token);
    expect((await chargeWithoutShopper(shop, token)).body.errors.credit_card.token).toEqual([
      "Token is for payouts only (contract credit).",
    ]);
  });

  it("a hosted-page session offering a stored card cannot widen it without 3-D Secure where the shop has it", async () => {
    const credit = await storedToken(secureShop, ["credit"], "4200000000000000");
    const session = await callJson(gateway, "/ctp/api/checkouts", {
      shop: secureShop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          order: {
            amount: amount++,
            currency: "EUR",
            description: "Keep the card",
            additional_data: { contract: ["recurring"] },
          },
          settings: { success_url: "https://merchant.example/ok" },
          payment_method: { credit_card: { token: credit } },
        },
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const token = session.body.checkout.token;
    const attempt = await pageAttempt(gateway, token, {
      credit_card: { verification_value: "123" },
      return_url: `http://localhost:3999/checkout/${token}/return`,
    });
    expectWiderContractRefused(attempt);
  });
});
