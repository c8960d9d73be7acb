import { verify } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "@/lib/contracts/transaction";
import { cards, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "@/lib/gateway/context";
import {
  REJECTED_BY_MERCHANT,
  VERIFICATION_TIMEOUT_MS,
  verifyWithMerchant,
} from "@/lib/gateway/notifications/merchant-verification";
import type { AuthenticatedShop } from "@/lib/gateway/shops/shop-directory";
import {
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
let seed = 81_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  receiver = await startWebhookReceiver();
});

afterEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200, body: '{"code":0}' });
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

function tokenizeVerified(answer: WebhookReceiver["answer"], card: Record<string, unknown> = {}) {
  receiver.answer = answer;
  return postTokenization(
    gateway,
    shop,
    tokenizationRequest(
      { verification_url: `${receiver.origin}/verify?order=42`, tracking_id: `verify-${seed}` },
      { number: uniqueVisaNumber(seed++), ...card },
    ),
  );
}

async function storedCardCount(): Promise<number> {
  return (await gateway.runtime.deps.db.select().from(cards).where(eq(cards.shopId, shop.id))).length;
}

describe("merchant verification through a tokenization", () => {
  it("completes the transaction when the merchant answers {code: 0}", async () => {
    const response = await tokenizeVerified(() => ({ status: 200, body: '{"code":0}' }));
    expect(response.status).toBe(200);
    const { transaction } = response.body;
    expect(transaction.status).toBe("successful");
    expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(receiver.received).toHaveLength(1);
  });

  it("asks with the transaction not yet final, no token, signed like a notification", async () => {
    const response = await tokenizeVerified(() => ({ status: 200, body: '{"code":0}' }));
    const [request] = receiver.received;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/verify?order=42");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("Tessera-Webhooks/1");
    expect(request.headers.authorization).toBe(shop.authorization);

    const asked = JSON.parse(request.body).transaction;
    expect(asked.uid).toBe(response.body.transaction.uid);
    expect(asked.status).toBe("incomplete");
    expect(asked.credit_card.token).toBeNull();
    expect(asked.tokenization.status).toBeNull();
    expect(asked.amount).toBe(100);
    expect(asked.tracking_id).toBe(response.body.transaction.tracking_id);
    expect(asked.credit_card.last_4).toBe(response.body.transaction.credit_card.last_4);

    const signature = Buffer.from(String(request.headers["content-signature"]), "base64");
    expect(verify("sha256", Buffer.from(request.body), shop.publicKey, signature)).toBe(true);
    expect(() =>
      new Webhook(shop.webhookSecret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).not.toThrow();
  });

  it("fails the transaction with the merchant's message when it rejects, and stores no card", async () => {
    const cardsBefore = await storedCardCount();
    const response = await tokenizeVerified(() => ({
      status: 200,
      body: JSON.stringify({ code: 1, message: "Order 42 is already paid" }),
    }));
    expect(response.status).toBe(200);
    const { transaction } = response.body;
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Order 42 is already paid",
      tokenization: { status: "failed", message: "Order 42 is already paid" },
    });
    expect(transaction.credit_card.token).toBeNull();
    expect(await storedCardCount()).toBe(cardsBefore);
    const [row] = await gateway.runtime.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.uid, transaction.uid), eq(transactions.shopId, shop.id)));
    expect(row).toMatchObject({ status: "failed", cardToken: null });
    // The query answers what the tokenization answered.
    const queried = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
    expect(queried.body.transaction).toEqual(transaction);
  });

  it.each([
    ["an error status", { status: 500, body: '{"code":0}' }],
    ["a redirect", { status: 302, body: "" }],
    ["a body that is not JSON", { status: 200, body: "OK", contentType: "text/plain" }],
    ["another code", { status: 200, body: '{"code":"0"}' }],
    ["no code", { status: 200, body: "{}" }],
    ["a message that is not a string", { status: 200, body: '{"code":3,"message":{"text":"no"}}' }],
  ])("rejects on %s, with the default message", async (_case, answer) => {
    const response = await tokenizeVerified(() => answer);
    expect(response.body.transaction).toMatchObject({
      status: "failed",
      message: REJECTED_BY_MERCHANT,
      tokenization: { status: "failed", message: REJECTED_BY_MERCHANT },
      credit_card: { token: null },
    });
  });

  it("keeps a merchant's message even on an error status", async () => {
    const response = await tokenizeVerified(() => ({
      status: 422,
      body: '{"code":2,"message":"Amount does not match the order"}',
    }));
    expect(response.body.transaction.message).toBe("Amount does not match the order");
  });

  it("does not ask about a transaction that the acquirer already declined", async () => {
    const response = await tokenizeVerified(() => ({ status: 200, body: '{"code":0}' }), {
      number: "4005550000000019",
    });
    expect(response.body.transaction.status).toBe("failed");
    expect(response.body.transaction.message).toBe("Card declined");
    expect(receiver.received).toHaveLength(0);
  });

  it("rejects when the merchant cannot be reached", async () => {
    const closed = await startWebhookReceiver();
    const url = `${closed.origin}/verify`;
    await closed.close();
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ verification_url: url }, { number: uniqueVisaNumber(seed++) }),
    );
    expect(response.body.transaction).toMatchObject({ status: "failed", message: REJECTED_BY_MERCHANT });
  });
});

describe("merchant verification that gets no answer", () => {
  it("waits 10 s by default, as documented", () => {
    expect(VERIFICATION_TIMEOUT_MS).toBe(10_000);
  });

  // The tokenization path has no timeout override: this waits out the real 10 s default.
  it("fails a tokenization after the default 10 s with the documented message, storing no card", async () => {
    const cardsBefore = await storedCardCount();
    const started = performance.now();
    const response = await tokenizeVerified(() => "hang");
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(VERIFICATION_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(VERIFICATION_TIMEOUT_MS + 5_000);
    const { transaction } = response.body;
    expect(transaction).toMatchObject({
      status: "failed",
      message: REJECTED_BY_MERCHANT,
      tokenization: { status: "failed", message: REJECTED_BY_MERCHANT },
      credit_card: { token: null },
    });
    expect(await storedCardCount()).toBe(cardsBefore);
    const queried = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
    expect(queried.body.transaction).toEqual(transaction);
  }, 30_000);
});

describe("verifyWithMerchant", () => {
  let authenticated: AuthenticatedShop;
  let transaction: Transaction;

  beforeAll(async () => {
    authenticated = (await gateway.runtime.deps.shops.get(shop.id))!;
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
    );
    transaction = response.body.transaction;
  });

  const asking = (url: string): Transaction => ({ ...transaction, verification_url: url });
  const strictDeps = (): GatewayDeps => ({
    ...gateway.runtime.deps,
    config: { ...gateway.runtime.deps.config, allowPrivateUrls: false },
  });

  it("gives up after the timeout and rejects (fail closed)", async () => {
    receiver.answer = () => "hang";
    const started = performance.now();
    const verdict = await verifyWithMerchant(
      gateway.runtime.deps,
      authenticated,
      asking(`${receiver.origin}/slow`),
      { timeoutMs: 300 },
    );
    expect(verdict).toEqual({ approved: false, message: REJECTED_BY_MERCHANT });
    expect(receiver.received).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["127.0.0.1", (port: number) => `http://127.0.0.1:${port}/verify`],
    ["localhost", (port: number) => `http://localhost:${port}/verify`],
    ["::1", (port: number) => `http://[::1]:${port}/verify`],
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a private address", () => "http://10.0.0.1/verify"],
  ])("refuses %s when private URLs are not allowed, without sending anything", async (_name, url) => {
    const verdict = await verifyWithMerchant(strictDeps(), authenticated, asking(url(receiver.port)));
    expect(verdict).toEqual({ approved: false, message: REJECTED_BY_MERCHANT });
    expect(receiver.received).toHaveLength(0);
  });

  it("approves the same local merchant when private URLs are allowed", async () => {
    const verdict = await verifyWithMerchant(
      gateway.runtime.deps,
      authenticated,
      asking(`http://localhost:${receiver.port}/verify`),
    );
    expect(verdict).toEqual({ approved: true });
    expect(receiver.received).toHaveLength(1);
  });

  it("logs neither the merchant's body nor credentials", async () => {
    const logged = gateway.logs.length;
    receiver.answer = () => ({ status: 200, body: '{"code":7,"message":"Nope"}' });
    await verifyWithMerchant(gateway.runtime.deps, authenticated, asking(`${receiver.origin}/verify`));
    const lines = gateway.logs.slice(logged).join("\n");
    expect(lines).toContain("merchant verification answered");
    expect(lines).not.toContain(shop.secretKey);
    expect(lines).not.toContain(shop.webhookSecret);
    expect(lines).not.toContain('"code"');
  });
});
