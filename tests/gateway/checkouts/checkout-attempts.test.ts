import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts } from "@/lib/db/schema";
import { pageAttempt, shopperCheckout } from "../checkout-helpers";
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
import { queryTransaction } from "../three-d-secure-helpers";

/**
 * What one payment attempt through a session takes from the session and what from the page: the saved card of a
 * oneclick session, the merchant's customer data, read-only fields; and the refusal of a concurrent attempt.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 930_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

const EXPIRY = { exp_month: "12", exp_year: String(new Date().getUTCFullYear() + 4) };

async function storedCard(number = uniqueVisaNumber(seed++)): Promise<{ token: string; last4: string }> {
  const response = await postTokenization(gateway, shop, tokenizationRequest({}, { number, ...EXPIRY }));
  expect(response.body.transaction.status).toBe("successful");
  return { token: response.body.transaction.credit_card.token, last4: number.slice(-4) };
}

async function createCheckout(checkout: Record<string, unknown>): Promise<string> {
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: "tokenization",
        attempts: 3,
        order: { amount: 2599, currency: "EUR", description: "Annual plan" },
        ...checkout,
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.checkout.token;
}

function pay(token: string, request: Record<string, unknown>) {
  return pageAttempt(gateway, token, request);
}

/** The whole transaction, as the merchant reads it (the page's answer is the shopper's view only). */
function merchantTransaction(uid: string): Promise<JsonBody> {
  return queryTransaction(gateway, shop, uid);
}

describe("a session with a saved card (oneclick)", () => {
  it("shows the page brand and last 4 only, and pays with the stored card and the security code", async () => {
    const saved = await storedCard();
    const token = await createCheckout({ payment_method: { credit_card: { token: saved.token } } });
    const view = await shopperCheckout(gateway, token);
    expect(view.saved_card).toEqual({ brand: "visa", last_4: saved.last4 });
    expect(JSON.stringify(view)).not.toContain(saved.token);

    const attempt = await pay(token, { credit_card: { verification_value: "123" } });
    expect(attempt.status).toBe(200);
    const transaction = await merchantTransaction(attempt.body.transaction.uid);
    expect(transaction.status).toBe("successful");
    expect(transaction.credit_card.last_4).toBe(saved.last4);
    // A new token for the new transaction, as for any stored-card tokenization.
    expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(transaction.credit_card.token).not.toBe(saved.token);
  });

  it("asks for the security code and keeps the attempt", async () => {
    const saved = await storedCard();
    const token = await createCheckout({ payment_method: { credit_card: { token: saved.token } } });
    const attempt = await pay(token, { credit_card: {} });
    expect(attempt.status).toBe(422);
    expect(attempt.body.errors).toEqual({ credit_card: { verification_value: ["can't be blank"] } });
    expect((await shopperCheckout(gateway, token)).attempts_left).toBe(3);
  });

  it("takes another card only when the merchant offered one", async () => {
    const saved = await storedCard();
    const anotherCard = { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY };
    const onlySaved = await createCheckout({ payment_method: { credit_card: { token: saved.token } } });
    const refused = await pay(onlySaved, { credit_card: anotherCard });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      credit_card: { number: ["is not allowed for this checkout: pay with the saved card"] },
    });

    const offered = await createCheckout({
      payment_method: { credit_card: { token: saved.token } },
      settings: { another_card_toggle: { display: true } },
    });
    const accepted = await pay(offered, { credit_card: anotherCard });
    expect(accepted.status).toBe(200);
    expect(accepted.body.transaction.credit_card.last_4).toBe(anotherCard.number.slice(-4));
  });

  it("never lets the page name a stored card itself", async () => {
    const someoneElses = await storedCard();
    const token = await createCheckout({});
    const attempt = await pay(token, {
      credit_card: { token: someoneElses.token, verification_value: "123" },
    });
    expect(attempt.status).toBe(422);
    expect(attempt.body.errors.credit_card).toHaveProperty("number");
  });
});

describe("customer data of an attempt", () => {
  it("keeps the merchant's fields the page does not show, and the read-only ones, whatever the page sends", async () => {
    const token = await createCheckout({
      settings: { customer_fields: { visible: ["email", "first_name", "country"], read_only: ["email"] } },
      customer: {
        email: "fixed@example.com",
        first_name: "Merchant-given",
        country: "US",
        zip: "10001",
        city: "New York",
        ip: "198.51.100.20",
      },
    });
    const attempt = await pay(token, {
      credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
      customer: { email: "changed@example.com", ip: "203.0.113.5" },
      billing_address: { first_name: "Shopper-typed", country: "CA" },
    });
    expect(attempt.status).toBe(200);
    const transaction = await merchantTransaction(attempt.body.transaction.uid);
    // The ip is the address the request came from (here, this machine), never the page's word.
    expect(transaction.customer).toMatchObject({ email: "fixed@example.com", ip: "127.0.0.1" });
    // Shown fields are the shopper's; zip and city were not shown and come from the session.
    expect(transaction.billing_address).toMatchObject({
      first_name: "Shopper-typed",
      country: "CA",
      city: "New York",
    });
  });

  it("drops a shown field the shopper cleared, rather than bringing back the session's", async () => {
    const token = await createCheckout({
      settings: { customer_fields: { visible: ["first_name", "country", "state"], read_only: [] } },
      customer: { first_name: "Ada", country: "US", state: "NY" },
    });
    // The shopper moved to Germany: the page no longer shows (or sends) a state.
    const attempt = await pay(token, {
      credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
      billing_address: { first_name: "Ada", country: "DE" },
    });
    expect(attempt.status).toBe(200);
    expect((await merchantTransaction(attempt.body.transaction.uid)).billing_address).toMatchObject({
      country: "DE",
      state: null,
    });
  });
});

describe("concurrent attempts", () => {
  it("refuses an attempt while another holds the session, with 409, and keeps its attempts", async () => {
    const token = await createCheckout({});
    // An attempt in flight on some instance: the session is locked until it ends.
    await gateway.runtime.deps.db
      .update(checkouts)
      .set({ attemptLockedUntil: sql`clock_timestamp() + interval '30 seconds'` })
      .where(eq(checkouts.token, token));
    const refused = await pay(token, {
      credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 409,
      body: {
        message: "Another payment attempt is in progress",
        errors: { base: ["Another payment attempt is in progress"] },
      },
    });
    expect((await shopperCheckout(gateway, token)).attempts_left).toBe(3);
  });
});
