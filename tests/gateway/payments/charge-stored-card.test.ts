import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLANK, DATE_EXPIRED } from "@/lib/contracts/messages";
import { parsePaymentRequest, TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import { cards, subscriptions, transactions } from "@/lib/db/schema";
import { GatewayError } from "@/lib/gateway/errors";
import {
  chargeStoredCard,
  type StoredCardCharge,
  storedCardPaymentRequest,
} from "@/lib/gateway/payments/charge-stored-card";
import { NO_RECURRING_CONTRACT, PAYOUTS_ONLY } from "@/lib/gateway/payments/resolve-money-card";
import type { AuthenticatedShop } from "@/lib/gateway/shops/shop-directory";
import { runDueRenewals } from "@/lib/gateway/subscriptions/renewals";
import {
  callJson,
  futureExpiry,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

/**
 * The gateway's own charges of stored cards (renewals, prorations): typed, never a wire body, and refused by code —
 * `card_not_chargeable` with its reason for the card, `validation_failed` for the request's and the shop's rules —
 * before anything is written.
 */

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
/** Asks for the security code and 3-D Secure's return_url of every shopper: a merchant-initiated charge has neither. */
let strictShop: TestShop;
/** Requires the customer's e-mail, which a charge without a customer lacks. */
let emailShop: TestShop;
let seed = 930_000;
let uidSeed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop, strictShop, emailShop] = await Promise.all([
    gateway.createShop(),
    gateway.createShop({}, "Other Shop"),
    gateway.createShop(
      {
        required_fields: ["credit_card.verification_value"],
        three_d_secure: true,
        // Only so the test can store its card without a challenge.
        skip_three_d_secure_allowed: true,
      },
      "Strict",
    ),
    gateway.createShop({ required_fields: ["customer.email"] }, "E-mail Shop"),
  ]);
}, 120_000);

afterAll(async () => {
  await gateway.close();
});

async function authenticated(as: TestShop): Promise<AuthenticatedShop> {
  const found = await gateway.runtime.deps.shops.get(as.id);
  if (!found) throw new Error(`shop ${as.id} not found`);
  return found;
}

/** A card stored by `as` with `contract` (the request meeting the shop's rules through `fields`); its token. */
async function storedToken(
  contract: string[],
  as: TestShop = shop,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const response = await postTokenization(
    gateway,
    as,
    tokenizationRequest({ additional_data: { contract }, ...fields }, { number: uniqueVisaNumber(seed++) }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction.credit_card.token;
}

function charge(token: string, overrides: Partial<StoredCardCharge> = {}): StoredCardCharge {
  uidSeed += 1;
  return {
    token,
    amount: 1500,
    currency: "EUR",
    description: "Magazine",
    test: true,
    contract: "recurring",
    uid: `00000000-0000-4000-8000-${String(uidSeed).padStart(12, "0")}`,
    subscriptionId: `sbs_test${uidSeed}`,
    duplicateCheck: false,
    ...overrides,
  };
}

/** The error `chargeStoredCard` refuses `input` with, after checking nothing was written under its uid. */
async function refusal(input: StoredCardCharge, as: TestShop = shop): Promise<GatewayError> {
  const error = await chargeStoredCard({
    deps: gateway.runtime.deps,
    shop: await authenticated(as),
    ...input,
  })
    .then(() => null)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayError);
  const written = await gateway.runtime.deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.uid, input.uid));
  expect(written).toEqual([]);
  return error as GatewayError;
}

describe("the payment request of a stored card's charge", () => {
  it("is what the request's parse makes of the same fields", () => {
    const token = "a".repeat(64);
    const full = charge(token, {
      trackingId: "order-7",
      language: "de",
      duplicateCheck: true,
      customer: { email: "jane@example.com", ip: "203.0.113.7" },
      billingAddress: { first_name: "Jane", country: "US", state: "CA", zip: "94105", city: "San Francisco" },
    });
    const parsed = parsePaymentRequest({
      request: {
        amount: 1500,
        currency: "EUR",
        description: "Magazine",
        tracking_id: "order-7",
        test: true,
        language: "de",
        duplicate_check: true,
        credit_card: { token },
        additional_data: { contract: ["recurring"] },
        customer: { email: "jane@example.com", ip: "203.0.113.7" },
        billing_address: {
          first_name: "Jane",
          country: "US",
          state: "CA",
          zip: "94105",
          city: "San Francisco",
        },
      },
    });
    expect(parsed.ok).toBe(true);
    expect(storedCardPaymentRequest(full)).toEqual(parsed);
  });

  it("takes the default language, and refuses what no request could carry as the request's parse would", () => {
    const token = "b".repeat(64);
    const built = storedCardPaymentRequest(charge(token));
    expect(built).toMatchObject({ ok: true, value: { language: "en" } });
    expect(storedCardPaymentRequest(charge(token, { amount: 0, currency: "XXX", language: "xx" }))).toEqual({
      ok: false,
      errors: {
        amount: ["must be greater than 0"],
        currency: ["is invalid"],
        language: ["is not included in the list"],
      },
    });
  });
});

describe("chargeStoredCard refuses a card it cannot charge as card_not_chargeable", () => {
  it("a token that names no card of the shop: reason unknown", async () => {
    const foreign = await storedToken(["recurring"], otherShop);
    for (const token of [foreign, "0".repeat(64)]) {
      const error = await refusal(charge(token));
      expect(error.code).toBe("card_not_chargeable");
      expect(error.details).toEqual({
        reason: "unknown",
        errors: { credit_card: { token: [TOKEN_DOES_NOT_EXIST] } },
      });
    }
  });

  it("a card past its expiry: reason expired", async () => {
    const token = await storedToken(["recurring"]);
    await gateway.runtime.deps.db
      .update(cards)
      .set({ expMonth: 1, expYear: 2020 })
      .where(eq(cards.token, token));
    const error = await refusal(charge(token));
    expect(error.code).toBe("card_not_chargeable");
    expect(error.details).toEqual({
      reason: "expired",
      errors: { credit_card: { exp_year: [DATE_EXPIRED] } },
    });
  });

  it("a token whose contract allows no charge without its shopper: reason contract", async () => {
    for (const [contract, message] of [
      [[], NO_RECURRING_CONTRACT],
      [["oneclick"], NO_RECURRING_CONTRACT],
      [["credit"], PAYOUTS_ONLY],
    ] as const) {
      const error = await refusal(charge(await storedToken([...contract])));
      expect(error.code).toBe("card_not_chargeable");
      expect(error.details).toEqual({ reason: "contract", errors: { credit_card: { token: [message] } } });
    }
  });
});

describe("chargeStoredCard refuses what the request's and the shop's rules refuse as validation_failed", () => {
  it("an amount over its currency's ceiling", async () => {
    const error = await refusal(charge(await storedToken(["recurring"]), { amount: 10 ** 15 }));
    expect(error.code).toBe("validation_failed");
    expect(Object.keys(error.details.errors ?? {})).toEqual(["amount"]);
  });

  it("a field the shop requires of every charge", async () => {
    const token = await storedToken(["recurring"], emailShop, { customer: { email: "shopper@example.com" } });
    const error = await refusal(charge(token), emailShop);
    expect(error.code).toBe("validation_failed");
    expect(error.details.errors).toEqual({ customer: { email: [BLANK] } });
  });
});

describe("chargeStoredCard charges", () => {
  it("without what a shop asks of its shoppers (security code, 3-D Secure), under the caller's uid", async () => {
    const token = await storedToken(["recurring"], strictShop, {
      return_url: "https://merchant.example/back",
      skip_three_d_secure_verification: true,
    });
    const input = charge(token, { subscriptionId: "sbs_strict" });
    const transaction = await chargeStoredCard({
      deps: gateway.runtime.deps,
      shop: await authenticated(strictShop),
      ...input,
    });
    expect(transaction).toMatchObject({
      uid: input.uid,
      status: "successful",
      amount: 1500,
      currency: "EUR",
    });
    const [row] = await gateway.runtime.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.uid, input.uid));
    expect(row.body).toMatchObject({
      subscription_id: "sbs_strict",
      additional_data: { contract: ["recurring"] },
    });
  });
});

describe("a renewal of a stored card that has expired", () => {
  it("fails the subscription for good, its reason the card's expiry", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: {
          title: "Magazine",
          currency: "EUR",
          plan: { amount: 999, interval: 1, interval_unit: "month" },
        },
        customer: { email: "expiring@example.com", ip: "203.0.113.7" },
        card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...futureExpiry() },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const { db } = gateway.runtime.deps;
    const [before] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(before.state).toBe("active");
    await db
      .update(cards)
      .set({ expMonth: 1, expYear: 2020 })
      .where(eq(cards.token, before.cardToken as string));
    const dueBy = new Date((before.renewAt as Date).getTime() + 60_000);
    expect(await runDueRenewals(gateway.runtime.deps, { subscriptionId: id, dueBy })).toBe(1);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(after).toMatchObject({ state: "failed", lastFailure: "hard", lastFailureReason: "card_expired" });
  });
});
