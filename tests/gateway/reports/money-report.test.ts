import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MoneyType } from "@/lib/contracts/money-result";
import type { Transaction } from "@/lib/contracts/transaction";
import { transactions } from "@/lib/db/schema";
import { type ChildOwnBody, isChildType } from "@/lib/gateway/transactions/child-body";
import { moneyOwnBody, pendingMoneyResult } from "@/lib/gateway/transactions/money-transaction-body";
import type { OwnBody } from "@/lib/gateway/transactions/own-body";
import {
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * The money side of GET /reports/daily and the `parent_uid` / `type` filters of GET /transactions, over rows of
 * every money type and outcome written straight into the transactions table (the shape the payment and child
 * operations store), so each figure below is known exactly.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TODAY = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
let gateway: TestGateway;
let shop: TestShop;
let template: Transaction;
/** The template tokenization's own body, as stored: what a payment of its card and request holds. */
let templateBody: OwnBody;

function day(offset: number): string {
  return new Date(TODAY.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

function at(offset: number, time: string): Date {
  return new Date(`${day(offset)}T${time}Z`);
}

async function store(options: {
  type: MoneyType;
  status: "successful" | "failed" | "error" | "incomplete";
  amount: number;
  currency?: string;
  parentUid?: string;
  createdAt: Date;
  owner?: TestShop;
}): Promise<string> {
  const uid = randomUUID();
  const result = {
    ...pendingMoneyResult(1),
    status: options.status === "incomplete" ? null : options.status,
  };
  // A capture, void or refund stores its own facts; its response shows its parent's card and fields.
  const childBody: ChildOwnBody = {
    message: null,
    duplicate_check: true,
    paid_at: null,
    result,
    receipt_url: null,
    ...(options.type === "refund" ? { reason: "Returned" } : {}),
  };
  const body = isChildType(options.type)
    ? childBody
    : moneyOwnBody(templateBody, { result, receiptUrl: null, paidAt: null });
  await gateway.runtime.deps.db.insert(transactions).values({
    uid,
    shopId: (options.owner ?? shop).id,
    status: options.status,
    type: options.type,
    parentUid: options.parentUid ?? null,
    amount: options.amount,
    currency: options.currency ?? "EUR",
    trackingIds: [],
    test: true,
    body,
    createdAt: options.createdAt,
    updatedAt: options.createdAt,
  });
  return uid;
}

let payment: string;
let authorization: string;
let capture: string;
let refundOfCapture: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({}, "Money Report Shop");
  const other = await gateway.createShop({}, "Other Money Shop");
  const tokenized = await postTokenization(gateway, shop, tokenizationRequest({ amount: 4321 }));
  expect(tokenized.status).toBe(200);
  template = tokenized.body.transaction;
  const [stored] = await gateway.runtime.deps.db
    .select({ body: transactions.body })
    .from(transactions)
    .where(eq(transactions.uid, template.uid));
  templateBody = stored.body as OwnBody;

  // Two days back: a EUR payment partly refunded, a declined payment, a processor error, an authorization
  // still in 3-D Secure.
  payment = await store({
    type: "payment",
    status: "successful",
    amount: 10_000,
    createdAt: at(-2, "09:00:00.000"),
  });
  await store({
    type: "refund",
    status: "successful",
    amount: 2_500,
    parentUid: payment,
    createdAt: at(-2, "10:00:00.000"),
  });
  await store({
    type: "refund",
    status: "failed",
    amount: 1_000,
    parentUid: payment,
    createdAt: at(-2, "10:30:00.000"),
  });
  await store({ type: "payment", status: "failed", amount: 500, createdAt: at(-2, "11:00:00.000") });
  await store({ type: "payment", status: "error", amount: 700, createdAt: at(-2, "12:00:00.000") });
  await store({
    type: "authorization",
    status: "incomplete",
    amount: 900,
    createdAt: at(-2, "23:59:59.999"),
  });
  // Yesterday: a USD authorization (holds, moves nothing), captured in part, the capture refunded in part; a void
  // of another authorization; a payout, which is no charge.
  authorization = await store({
    type: "authorization",
    status: "successful",
    amount: 8_000,
    currency: "USD",
    createdAt: at(-1, "00:00:00.000"),
  });
  capture = await store({
    type: "capture",
    status: "successful",
    amount: 6_000,
    currency: "USD",
    parentUid: authorization,
    createdAt: at(-1, "01:00:00.000"),
  });
  refundOfCapture = await store({
    type: "refund",
    status: "successful",
    amount: 1_500,
    currency: "USD",
    parentUid: capture,
    createdAt: at(-1, "02:00:00.000"),
  });
  const held = await store({
    type: "authorization",
    status: "successful",
    amount: 300,
    createdAt: at(-1, "03:00:00.000"),
  });
  await store({
    type: "void",
    status: "successful",
    amount: 300,
    parentUid: held,
    createdAt: at(-1, "04:00:00.000"),
  });
  await store({ type: "credit", status: "successful", amount: 4_000, createdAt: at(-1, "05:00:00.000") });
  // Another shop's money never counts.
  await store({
    type: "payment",
    status: "successful",
    amount: 99_999,
    createdAt: at(-1, "06:00:00.000"),
    owner: other,
  });
});

afterAll(async () => {
  await gateway.close();
});

describe("GET /reports/daily: money", () => {
  it("counts payments and authorizations by outcome, successful refunds, and money moved per currency", async () => {
    const response = await callJson(gateway, `/reports/daily?from=${day(-3)}&to=${day(0)}`, { shop });
    expect(response.status).toBe(200);
    const days = response.body.days;
    const money = ({
      date,
      payments,
      approved,
      declined,
      approval_rate,
      refunds,
      volume,
    }: Record<string, unknown>) => ({
      date,
      payments,
      approved,
      declined,
      approval_rate,
      refunds,
      volume,
    });
    expect(days.map(money)).toEqual([
      { date: day(-3), payments: 0, approved: 0, declined: 0, approval_rate: null, refunds: 0, volume: [] },
      {
        date: day(-2),
        // Four requests: one approved, one declined, one processor error; the one in 3-D Secure is undecided.
        payments: 4,
        approved: 1,
        declined: 2,
        approval_rate: 0.3333,
        refunds: 1,
        volume: [{ currency: "EUR", charged: "10000", refunded: "2500", paid_out: "0", net: "7500" }],
      },
      {
        date: day(-1),
        payments: 2,
        approved: 2,
        declined: 0,
        approval_rate: 1,
        refunds: 1,
        // The capture is charged, the authorizations and the void move nothing, the payout is paid out.
        volume: [
          { currency: "EUR", charged: "0", refunded: "0", paid_out: "4000", net: "-4000" },
          { currency: "USD", charged: "6000", refunded: "1500", paid_out: "0", net: "4500" },
        ],
      },
      { date: day(0), payments: 0, approved: 0, declined: 0, approval_rate: null, refunds: 0, volume: [] },
    ]);
  });

  it("counts only tokenizations as tokenizations", async () => {
    const response = await callJson(gateway, `/reports/daily?from=${day(-2)}&to=${day(0)}`, { shop });
    const tokenizations = response.body.days.map((entry: { tokenizations: number }) => entry.tokenizations);
    // The template tokenization is today's; none of the money rows above counts as one.
    expect(tokenizations).toEqual([0, 0, 1]);
  });
});

describe("GET /reports/daily: money moved through the API", () => {
  it("counts today's payment and its refund, made as a merchant's server makes them", async () => {
    const paid = await postPayment(gateway, shop, paymentRequest({ amount: 3_200, currency: "GBP" }));
    expect(paid.body.transaction).toMatchObject({ type: "payment", status: "successful" });
    const refunded = await callJson(gateway, "/transactions/refunds", {
      shop,
      body: { request: { parent_uid: paid.body.transaction.uid, amount: 1_200, reason: "Returned" } },
    });
    expect(refunded.body.transaction).toMatchObject({ type: "refund", status: "successful" });
    const response = await callJson(gateway, `/reports/daily?from=${day(0)}&to=${day(0)}`, { shop });
    expect(response.body.days).toEqual([
      expect.objectContaining({
        payments: 1,
        approved: 1,
        declined: 0,
        approval_rate: 1,
        refunds: 1,
        volume: [{ currency: "GBP", charged: "3200", refunded: "1200", paid_out: "0", net: "2000" }],
      }),
    ]);
  });
});

describe("GET /transactions?parent_uid=&type=", () => {
  async function uids(query: string): Promise<string[]> {
    const response = await callJson(gateway, `/transactions${query}`, { shop });
    expect(response.status).toBe(200);
    return response.body.transactions.map((transaction: { uid: string }) => transaction.uid).sort();
  }

  it("lists the children of one transaction, whatever their outcome", async () => {
    expect(await uids(`?parent_uid=${authorization}`)).toEqual([capture]);
    expect(await uids(`?parent_uid=${capture}`)).toEqual([refundOfCapture]);
    expect(await uids(`?parent_uid=${payment}`)).toHaveLength(2);
    expect(await uids(`?parent_uid=${refundOfCapture}`)).toEqual([]);
  });

  it("answers every child with its parent_uid and its type's result object", async () => {
    const response = await callJson(gateway, `/transactions?parent_uid=${capture}`, { shop });
    const [refund] = response.body.transactions;
    expect(refund).toMatchObject({ type: "refund", parent_uid: capture, refund: { status: "successful" } });
    expect(refund.tokenization).toBeUndefined();
  });

  it("filters by type, alone or with the other filters", async () => {
    expect(await uids("?type=capture")).toEqual([capture]);
    expect(await uids(`?type=refund&parent_uid=${payment}&status=successful`)).toHaveLength(1);
    expect(await uids("?type=tokenization")).toEqual([template.uid]);
  });

  it("never lists another shop's children", async () => {
    const stranger = await gateway.createShop({}, "Stranger");
    const response = await callJson(gateway, `/transactions?parent_uid=${payment}`, { shop: stranger });
    expect(response.body.transactions).toEqual([]);
  });

  it.each([
    ["parent_uid=42", { parent_uid: ["is invalid"] }],
    ["type=sale", { type: ["is not included in the list"] }],
  ])("answers ?%s with 422", async (query, errors) => {
    const response = await callJson(gateway, `/transactions?${query}`, { shop });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });
});
