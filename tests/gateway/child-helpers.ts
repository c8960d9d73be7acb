import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";
import { moneyOwnBody, moneyResultFromAnswer } from "@/lib/gateway/transactions/money-transaction-body";
import type { OwnBody } from "@/lib/gateway/transactions/own-body";
import {
  callJson,
  type JsonBody,
  type JsonResponse,
  postTokenization,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "./harness";
import { paymentRequest, postPayment } from "./money-helpers";

let seed = 820_000;

export type ParentType = "payment" | "authorization";

/**
 * A payment or authorization of `amount` for the children to act on, made through the API (a card of its own, so
 * no two parents are duplicates). `via: "insert"` writes it as the gateway writes one instead — for parents the
 * API cannot make at will: `incomplete` ones, or successful ones of an amount the sandbox declines.
 */
export async function createParent(
  gateway: TestGateway,
  shop: TestShop,
  options: {
    type: ParentType;
    amount: number;
    currency?: string;
    status?: "successful" | "failed" | "incomplete";
    notificationUrl?: string;
    via?: "api" | "insert";
  },
): Promise<JsonBody> {
  const status = options.status ?? "successful";
  if (options.via === "insert" || status === "incomplete") return insertParent(gateway, shop, options);
  const response = await postPayment(
    gateway,
    shop,
    paymentRequest(
      {
        amount: options.amount,
        currency: options.currency ?? "USD",
        tracking_id: `parent-${seed}`,
        duplicate_check: false,
        ...(options.notificationUrl ? { notification_url: options.notificationUrl } : {}),
      },
      {
        number: status === "failed" ? "4005550000000019" : uniqueVisaNumber(seed++),
        // Two years ahead of the gateway's clock, which a test may have moved far from today.
        exp_year: String(gateway.runtime.deps.clock.now().getUTCFullYear() + 2),
      },
    ),
    options.type === "payment" ? "payments" : "authorizations",
  );
  const transaction = response.body.transaction;
  if (response.status !== 200 || transaction.status !== status) {
    throw new Error(`${options.type} of ${options.amount}: ${JSON.stringify(response.body).slice(0, 300)}`);
  }
  return transaction;
}

async function insertParent(
  gateway: TestGateway,
  shop: TestShop,
  options: {
    type: ParentType;
    amount: number;
    currency?: string;
    status?: "successful" | "failed" | "incomplete";
    notificationUrl?: string;
  },
): Promise<JsonBody> {
  const currency = options.currency ?? "USD";
  const tokenized = await postTokenization(
    gateway,
    shop,
    tokenizationRequest(
      {
        amount: options.amount,
        currency,
        tracking_id: `parent-${seed}`,
        ...(options.notificationUrl ? { notification_url: options.notificationUrl } : {}),
      },
      { number: uniqueVisaNumber(seed++) },
    ),
  );
  if (tokenized.status !== 200) throw new Error(`tokenization failed: ${JSON.stringify(tokenized.body)}`);
  const { created_at, tracking_id: trackingId } = tokenized.body.transaction;
  const { deps } = gateway.runtime;
  // The tokenization's own body, as the gateway stores it: what a payment of the same card and request holds.
  const [tokenization] = await deps.db
    .select({ body: transactions.body })
    .from(transactions)
    .where(eq(transactions.uid, tokenized.body.transaction.uid));
  const uid = randomUUID();
  const status = options.status ?? "successful";
  const body = moneyOwnBody(tokenization.body as OwnBody, {
    result: moneyResultFromAnswer(
      {
        status: status === "incomplete" ? "successful" : status,
        message: status === "failed" ? "Do not honour" : "Approved",
        bankCode: status === "failed" ? "05" : "00",
        authCode: "123456",
        rrn: "123456789012",
        refId: uid.slice(0, 12),
        billingDescriptor: "TESSERA SANDBOX",
      },
      1,
    ),
    receiptUrl: null,
    paidAt: options.type === "payment" && status === "successful" ? created_at : null,
  });
  const now = deps.clock.isFixed ? deps.clock.now() : new Date();
  await deps.db.insert(transactions).values({
    uid,
    shopId: shop.id,
    type: options.type,
    status,
    amount: options.amount,
    currency,
    trackingId,
    trackingIds: [trackingId],
    cardToken: null,
    duplicateFingerprint: null,
    test: true,
    body: { ...body, message: status === "successful" ? "Successfully processed" : "Payment was declined" },
    createdAt: now,
    updatedAt: now,
  });
  // As the merchant reads it, rendered from what was written.
  return readTransaction(gateway, shop, uid);
}

export type ChildPath = "captures" | "voids" | "refunds";

/** POST /transactions/{captures|voids|refunds}. */
export function postChild(
  gateway: TestGateway,
  shop: TestShop,
  path: ChildPath,
  request: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<JsonResponse> {
  return callJson(gateway, `/transactions/${path}`, { shop, body: { request }, headers });
}

/** GET /transactions/{uid}: the transaction as the merchant reads it. */
export async function readTransaction(gateway: TestGateway, shop: TestShop, uid: string): Promise<JsonBody> {
  const response = await callJson(gateway, `/transactions/${uid}`, { shop });
  if (response.status !== 200) throw new Error(`query of ${uid}: ${response.status}`);
  return response.body.transaction;
}

/** A 422 body of a child request: the errors, and the message beGateway writes for them. */
export function childError(message: string, errors: Record<string, unknown>) {
  return { message, errors };
}
