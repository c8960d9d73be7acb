import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";
import type {
  Acquirer,
  AcquirerAnswer,
  AuthorizeRequest,
  CreditRequest,
  FollowUpRequest,
} from "@/lib/gateway/acquirer/acquirer";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import type { TransactionBody } from "@/lib/gateway/tokenization/build-transaction";
import {
  moneyResultFromAnswer,
  moneyTransactionBody,
} from "@/lib/gateway/transactions/money-transaction-body";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  type JsonResponse,
  postTokenization,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "./harness";

/** The smallest valid payment (or authorization) request; override any field. */
export function paymentRequest(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  return {
    request: {
      amount: 1000,
      currency: "USD",
      description: "Test order",
      credit_card: {
        number: "4200000000000000",
        verification_value: "123",
        holder: "John Doe",
        ...futureExpiry(),
        ...card,
      },
      ...overrides,
    },
  };
}

export function postPayment(
  gateway: TestGateway,
  shop: TestShop,
  body: unknown,
  type: "payments" | "authorizations" | "credits" = "payments",
): Promise<JsonResponse> {
  return callJson(gateway, `/transactions/${type}`, { shop, body });
}

/**
 * The sandbox acquirer, with every call it receives recorded (operation and idempotency key, never card data) so
 * a test can tell whether money was asked to move. The answers are the sandbox's own.
 */
export class RecordingAcquirer implements Acquirer {
  readonly calls: {
    operation: string;
    idempotencyKey: string;
    amount: number;
    verificationValue?: string | null;
  }[] = [];
  private readonly sandbox: SandboxAcquirer;

  constructor(options: { slowAnswerMs?: number } = {}) {
    this.sandbox = new SandboxAcquirer(options);
  }

  authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    this.calls.push({
      operation: request.capture ? "authorize+capture" : "authorize",
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      verificationValue: request.card.verificationValue,
    });
    return this.sandbox.authorize(request);
  }

  capture(request: FollowUpRequest): Promise<AcquirerAnswer> {
    this.calls.push({ operation: "capture", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.capture(request);
  }

  void(request: FollowUpRequest): Promise<AcquirerAnswer> {
    this.calls.push({ operation: "void", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.void(request);
  }

  refund(request: FollowUpRequest & { reason: string }): Promise<AcquirerAnswer> {
    this.calls.push({ operation: "refund", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.refund(request);
  }

  credit(request: CreditRequest): Promise<AcquirerAnswer> {
    this.calls.push({ operation: "credit", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.credit(request);
  }

  callsFor(uid: string) {
    return this.calls.filter((call) => call.idempotencyKey === uid);
  }
}

let seed = 820_000;

export type ParentType = "payment" | "authorization";

/**
 * A payment or authorization of `amount` for the children to act on: the card is tokenized through the API, and
 * the parent row is written as the gateway writes one (its body built by the gateway's own money body builder).
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
  const {
    uid: _uid,
    id: _id,
    status: _status,
    created_at,
    updated_at,
    ...common
  } = tokenized.body.transaction;
  const uid = randomUUID();
  const status = options.status ?? "successful";
  const body = moneyTransactionBody(common as TransactionBody, {
    type: options.type,
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
  const { deps } = gateway.runtime;
  const now = deps.clock.isFixed ? deps.clock.now() : new Date();
  await deps.db.insert(transactions).values({
    uid,
    shopId: shop.id,
    type: options.type,
    status,
    amount: options.amount,
    currency,
    trackingId: common.tracking_id,
    trackingIds: [common.tracking_id],
    cardToken: null,
    duplicateFingerprint: null,
    test: true,
    body: { ...body, message: status === "successful" ? "Successfully processed" : "Payment was declined" },
    createdAt: now,
    updatedAt: now,
  });
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return { ...body, uid: row.uid, id: row.uid, status: row.status };
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
