import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { ManualClock } from "@/lib/gateway/clock";
import {
  expiryMonthsFromNow,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

const HEX_64 = /^[0-9a-f]{64}$/;
/** An unknown or another shop's token, in the words payments and the card-token API use too. */
const TOKEN_DOES_NOT_EXIST = {
  message: "Token does not exist.",
  errors: { credit_card: { token: ["Token does not exist."] } },
};

let gateway: TestGateway;
let clock: ManualClock;
let shop: TestShop;
let otherShop: TestShop;
let seed = 300_000;
let amount = 1_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock });
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

/** A request that refers to a stored card; each gets its own amount so none is a duplicate of another. */
function byToken(card: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    request: { amount: amount++, currency: "USD", description: "Again", credit_card: card, ...overrides },
  };
}

async function storeCard(card: Record<string, unknown> = {}, as: TestShop = shop): Promise<JsonBody> {
  const response = await postTokenization(
    gateway,
    as,
    tokenizationRequest(
      { amount: amount++ },
      {
        number: uniqueVisaNumber(seed++),
        exp_month: "07",
        exp_year: "2033",
        holder: "Ada Lovelace",
        ...card,
      },
    ),
  );
  expect(response.status).toBe(200);
  expect(response.body.transaction.status).toBe("successful");
  return response.body.transaction;
}

describe("tokenizing again from a stored card", () => {
  it("creates a new transaction for the same card with a new token", async () => {
    const original = await storeCard();
    const response = await postTokenization(gateway, shop, byToken({ token: original.credit_card.token }));
    expect(response.status).toBe(200);
    const again = response.body.transaction;
    expect(again.uid).not.toBe(original.uid);
    expect(again.status).toBe("successful");
    expect(again.credit_card.token).toMatch(HEX_64);
    expect(again.credit_card.token).not.toBe(original.credit_card.token);
    const { token: _newToken, ...card } = again.credit_card;
    const { token: _oldToken, ...originalCard } = original.credit_card;
    expect(card).toEqual(originalCard);
    expect(card).toMatchObject({ exp_month: 7, exp_year: 2033, holder: "Ada Lovelace" });
  });

  it("accepts a security code with the token, and both tokens stay usable", async () => {
    const original = await storeCard();
    const first = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token, verification_value: "123" }),
    );
    expect(first.status).toBe(200);
    for (const token of [original.credit_card.token, first.body.transaction.credit_card.token]) {
      const response = await postTokenization(gateway, shop, byToken({ token }));
      expect(response.status).toBe(200);
      expect(response.body.transaction.credit_card.stamp).toBe(original.credit_card.stamp);
    }
  });

  it("ignores card data sent next to the token", async () => {
    const original = await storeCard();
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token, number: "123", exp_month: "99", exp_year: "1999" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.transaction.credit_card).toMatchObject({
      last_4: original.credit_card.last_4,
      exp_month: 7,
      exp_year: 2033,
    });
  });

  it("uses a holder sent with the token instead of the stored one", async () => {
    const original = await storeCard();
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token, holder: "A. Lovelace" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.transaction.credit_card.holder).toBe("A. Lovelace");
  });

  it("declines a stored card with security code 222 and issues no token", async () => {
    const original = await storeCard();
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token, verification_value: "222" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.transaction).toMatchObject({ status: "failed", credit_card: { token: null } });
  });

  it("applies the duplicate check to the stored card's number", async () => {
    const original = await storeCard();
    const body = byToken({ token: original.credit_card.token }, { amount: original.amount });
    const response = await postTokenization(gateway, shop, body);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: { message: "Duplicate transaction", errors: { base: ["Duplicate transaction"] } },
    });
  });

  it("checks a security code sent with the token against the stored card's brand", async () => {
    const original = await storeCard();
    expect(original.credit_card.brand).toBe("visa");
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token, verification_value: "1234" }),
    );
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: {
        message: "Verification value is invalid",
        errors: { credit_card: { verification_value: ["is invalid"] } },
      },
    });
  });
});

describe("tokens that cannot be used", () => {
  it("rejects an unknown token", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: randomBytes(32).toString("hex") }),
    );
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: TOKEN_DOES_NOT_EXIST,
    });
  });

  it("rejects another shop's token exactly like an unknown one", async () => {
    const theirs = await storeCard({}, otherShop);
    const response = await postTokenization(gateway, shop, byToken({ token: theirs.credit_card.token }));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: TOKEN_DOES_NOT_EXIST,
    });
    const owner = await postTokenization(gateway, otherShop, byToken({ token: theirs.credit_card.token }));
    expect(owner.status).toBe(200);
  });

  it("stores nothing for a declined card, so its null token refers to no card", async () => {
    const storedCards = async () =>
      (
        await queryRows<{ count: number }>(
          gateway.runtime.deps.db,
          sql`select count(*)::int as count from cards where shop_id = ${shop.id}`,
        )
      )[0].count;
    const before = await storedCards();
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ amount: amount++ }, { number: "4005550000000019" }),
    );
    const declined = response.body.transaction;
    // No stamp either: a declined number is confirmed to no one (docs/decisions.md, "No card-number oracle").
    expect(declined).toMatchObject({ status: "failed", credit_card: { token: null, stamp: null } });
    expect(await storedCards()).toBe(before);

    const retry = await postTokenization(gateway, shop, byToken({ token: declined.credit_card.token }));
    expect({ status: retry.status, body: retry.body }).toEqual({
      status: 422,
      body: {
        message: "Number can't be blank. Exp month can't be blank. Exp year can't be blank",
        errors: {
          credit_card: {
            number: ["can't be blank"],
            exp_month: ["can't be blank"],
            exp_year: ["can't be blank"],
          },
        },
      },
    });
  });

  it.each([
    ["too short", "abc", "is invalid"],
    ["63 hex characters", "a".repeat(63), "is invalid"],
    ["65 hex characters", "a".repeat(65), "is invalid"],
    ["upper-case hex", "A".repeat(64), "is invalid"],
    ["not hex", "g".repeat(64), "is invalid"],
    ["a number", 12345, "must be a string"],
  ])("rejects a malformed token (%s)", async (_name, token, message) => {
    const response = await postTokenization(gateway, shop, byToken({ token }));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: { message: `Token ${message}`, errors: { credit_card: { token: [message] } } },
    });
  });

  it("rejects an upper-cased copy of a valid token", async () => {
    const original = await storeCard();
    const response = await postTokenization(
      gateway,
      shop,
      byToken({ token: original.credit_card.token.toUpperCase() }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credit_card: { token: ["is invalid"] } });
  });
});

describe("shop rules with a stored card", () => {
  it("still requires the security code when the shop does, but not the holder", async () => {
    const strict = await gateway.createShop({
      required_fields: ["credit_card.verification_value", "credit_card.holder"],
    });
    const original = await storeCard({ verification_value: "123" }, strict);
    const missingCode = await postTokenization(
      gateway,
      strict,
      byToken({ token: original.credit_card.token }),
    );
    expect({ status: missingCode.status, body: missingCode.body }).toEqual({
      status: 422,
      body: {
        message: "Verification value can't be blank",
        errors: { credit_card: { verification_value: ["can't be blank"] } },
      },
    });
    const withCode = await postTokenization(
      gateway,
      strict,
      byToken({ token: original.credit_card.token, verification_value: "123" }),
    );
    expect(withCode.status).toBe(200);
  });
});

describe("expiry of a stored card", () => {
  it("is judged when the card is used again: valid through its last month, expired after it", async () => {
    const expiry = expiryMonthsFromNow(0);
    const original = await storeCard(expiry);
    const now = clock.now();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

    clock.set(new Date(nextMonth.getTime() - 1));
    const lastMoment = await postTokenization(gateway, shop, byToken({ token: original.credit_card.token }));
    expect(lastMoment.status).toBe(200);

    clock.set(nextMonth);
    const expired = await postTokenization(gateway, shop, byToken({ token: original.credit_card.token }));
    expect({ status: expired.status, body: expired.body }).toEqual({
      status: 422,
      body: { message: "Date is expired", errors: { credit_card: { exp_year: ["Date is expired"] } } },
    });
  });
});
