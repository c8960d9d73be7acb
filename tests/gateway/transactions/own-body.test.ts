import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { type OwnBody, renderOwnBody } from "@/lib/gateway/transactions/own-body";
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
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * A tokenization's, payment's, authorization's or payout's response, as rendered at read from its own stored facts
 * and its columns (`renderOwnBody`): every key where beGateway's clients find it, in beGateway's order, and nothing
 * stored twice.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 883_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

// biome-ignore format: one key order a line, as the response has it
const HEAD = ["uid", "id", "status", "message", "amount", "currency", "description", "tracking_id", "language", "type", "payment_method_type", "test", "paid_at", "redirect_url", "status_code", "duplicate_check", "dynamic_billing_descriptor", "notification_url", "verification_url", "return_url", "skip_three_d_secure_verification", "force_three_d_secure_verification", "three_d_secure", "credit_card"];
// biome-ignore format: one key order a line
const SHOPPER = ["additional_data", "smart_routing_verification", "customer", "billing_address", "travel"];
const TIMES = ["created_at", "updated_at"];

const TOKENIZATION_KEYS = [...HEAD, "three_d_secure_verification", "tokenization", ...SHOPPER, ...TIMES];
const moneyKeys = (type: "payment" | "authorization" | "credit") => [
  ...HEAD,
  type,
  "three_d_secure_verification",
  ...SHOPPER,
  "parent_uid",
  "receipt_url",
  ...(type === "credit" ? [] : ["amounts"]),
  ...TIMES,
];

/** The answer, and the same transaction read back: the one rendering both go through. */
async function answered(response: { status: number; body: JsonBody }): Promise<JsonBody> {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const { transaction } = response.body;
  const read = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
  expect(read.body.transaction).toEqual(transaction);
  return transaction;
}

async function storedBody(uid: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows<{ body: string }>(
    gateway.runtime.deps.db,
    sql`select body::text as body from transactions where uid = ${uid}`,
  );
  return JSON.parse(row.body);
}

describe("a transaction without a parent", () => {
  it("a tokenization: its result after the 3-D Secure verification; stores no column and no result key", async () => {
    const card = { number: uniqueVisaNumber(seed++) };
    const tokenization = await answered(await postTokenization(gateway, shop, tokenizationRequest({}, card)));
    expect(Object.keys(tokenization)).toEqual(TOKENIZATION_KEYS);
    const stored = await storedBody(tokenization.uid);
    for (const key of [
      "amount",
      "currency",
      "tracking_id",
      "type",
      "test",
      "tokenization",
      "payment_method_type",
    ])
      expect(stored, key).not.toHaveProperty(key);
    expect(stored.result).toEqual(tokenization.tokenization);
  });

  it.each(["payments", "authorizations"] as const)(
    "%s: the result after the card, amounts last",
    async (route) => {
      const type = route === "payments" ? "payment" : "authorization";
      const response = await postPayment(
        gateway,
        shop,
        paymentRequest({}, { number: uniqueVisaNumber(seed++) }),
        route,
      );
      const transaction = await answered(response);
      expect(Object.keys(transaction)).toEqual(moneyKeys(type));
      const stored = await storedBody(transaction.uid);
      expect(stored.result).toEqual(transaction[type]);
      for (const key of [type, "amounts", "amount", "currency", "parent_uid", "type"])
        expect(stored, key).not.toHaveProperty(key);
      // An authorization's expiry is the one stored fact of its amounts.
      expect(stored.authorization_expires_at ?? null).toBe(transaction.amounts.authorization_expires_at);
    },
  );

  it("a payout: no amounts", async () => {
    const payment = await answered(
      await postPayment(gateway, shop, paymentRequest({}, { number: uniqueVisaNumber(seed++) })),
    );
    const request = {
      amount: 900,
      currency: "USD",
      description: "Payout",
      credit_card: { token: payment.credit_card.token },
    };
    const credit = await answered(await postPayment(gateway, shop, { request }, "credits"));
    expect(Object.keys(credit)).toEqual(moneyKeys("credit"));
  });

  it("a subscription's charge names its subscription last", () => {
    const own = {
      message: "Successfully processed",
      credit_card: { last_4: "4242" },
      result: { status: "successful" },
      receipt_url: "https://pay.example/receipt",
      subscription_id: "sbs_0123456789abcdef",
    } as unknown as OwnBody;
    const row = {
      type: "payment" as const,
      amount: 1200,
      currency: "EUR",
      trackingId: null,
      test: true,
      status: "successful" as const,
      captured: 0,
      voided: 0,
      refunded: 200,
    };
    const body = renderOwnBody(row, own);
    expect(Object.keys(body).slice(-4)).toEqual(["parent_uid", "receipt_url", "amounts", "subscription_id"]);
    expect(body).toMatchObject({
      type: "payment",
      payment: { status: "successful" },
      amounts: { refunded: 200, refundable: 1000 },
      subscription_id: "sbs_0123456789abcdef",
    });
    // No subscription, no key.
    expect(renderOwnBody(row, { ...own, subscription_id: null })).not.toHaveProperty("subscription_id");
  });
});
