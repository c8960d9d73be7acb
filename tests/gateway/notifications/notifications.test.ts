import { execFileSync } from "node:child_process";
import { verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notificationListResponseSchema, notificationResponseSchema } from "@/lib/contracts/notification";
import { notificationDeliveries } from "@/lib/db/schema";
import { NotificationWorker } from "@/lib/gateway/notifications/notification-worker";
import {
  basicAuthorization,
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let receiver: WebhookReceiver;
let seed = 91_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  await gateway.runtime.notifications.stop();
  // Each test counts only its own requests: whatever a test left pending (a retry due in 5 s) is closed.
  await gateway.runtime.deps.db
    .update(notificationDeliveries)
    .set({ status: "failed" })
    .where(eq(notificationDeliveries.status, "pending"));
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200, body: "" });
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

async function tokenizeNotified(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest(
      {
        notification_url: `${receiver.origin}/hooks/tessera?shop=1`,
        tracking_id: `notify-${seed}`,
        ...overrides,
      },
      { number: uniqueVisaNumber(seed++), ...card },
    ),
  );
  expect(response.status).toBe(200);
  return response.body.transaction;
}

/** Runs the worker until nothing is due. */
async function drain(): Promise<void> {
  while ((await gateway.runtime.notifications.runOnce()) > 0);
}

function standardWebhookHeaders(request: ReceivedRequest) {
  return {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
}

describe("a notification", () => {
  let transaction: { uid: string };
  let request: ReceivedRequest;

  beforeAll(async () => {
    transaction = await tokenizeNotified();
    await drain();
    expect(receiver.received).toHaveLength(1);
    [request] = receiver.received;
  });

  it("is POSTed to the notification_url", () => {
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/hooks/tessera?shop=1");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("Tessera-Webhooks/1");
  });

  it("has exactly the body of GET /transactions/{uid}", async () => {
    const response = await gateway.call(`/transactions/${transaction.uid}`, { shop });
    expect(request.body).toBe(await response.text());
    expect(JSON.parse(request.body).transaction.uid).toBe(transaction.uid);
  });

  it("authenticates with the shop's id and secret key", () => {
    expect(request.headers.authorization).toBe(basicAuthorization(shop.id, shop.secretKey));
  });

  it("carries a Content-Signature that the shop's public key verifies (node:crypto)", () => {
    const signature = Buffer.from(String(request.headers["content-signature"]), "base64");
    expect(verify("sha256", Buffer.from(request.body), shop.publicKey, signature)).toBe(true);
    expect(verify("sha256", Buffer.from(request.body), otherShop.publicKey, signature)).toBe(false);
  });

  it("carries a Content-Signature that openssl verifies", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-webhook-"));
    try {
      fs.writeFileSync(path.join(dir, "pub.pem"), shop.publicKey);
      fs.writeFileSync(path.join(dir, "body.json"), request.body);
      fs.writeFileSync(
        path.join(dir, "sig.bin"),
        Buffer.from(String(request.headers["content-signature"]), "base64"),
      );
      const output = execFileSync(
        "openssl",
        ["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "body.json"],
        { cwd: dir, encoding: "utf8" },
      );
      expect(output.trim()).toBe("Verified OK");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("carries Standard Webhooks headers that the standardwebhooks package verifies", () => {
    const payload = new Webhook(shop.webhookSecret).verify(request.body, standardWebhookHeaders(request));
    expect(payload).toEqual(JSON.parse(request.body));
    expect(() =>
      new Webhook(otherShop.webhookSecret).verify(request.body, standardWebhookHeaders(request)),
    ).toThrow();
  });

  it("is listed as delivered, with its attempt", async () => {
    const response = await callJson(gateway, `/transactions/${transaction.uid}/notifications`, { shop });
    expect(response.status).toBe(200);
    expect(notificationListResponseSchema.safeParse(response.body).success).toBe(true);
    const [delivery] = response.body.notifications;
    expect(response.body.notifications).toHaveLength(1);
    expect(delivery).toMatchObject({
      id: request.headers["webhook-id"],
      transaction_uid: transaction.uid,
      url: `${receiver.origin}/hooks/tessera?shop=1`,
      status: "delivered",
      next_attempt_at: null,
    });
    expect(delivery.delivered_at).not.toBeNull();
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 200, succeeded: true, error: null });
    expect(delivery.attempts[0].latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("is sent once: a delivered notification is not sent again", async () => {
    await drain();
    expect(receiver.received).toHaveLength(0);
  });
});

describe("which transactions notify", () => {
  it("notifies about a declined transaction too, with its failure", async () => {
    const transaction = await tokenizeNotified({}, { number: "4005550000000019" });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0].body).transaction;
    expect(body).toMatchObject({ uid: transaction.uid, status: "failed", message: "Card declined" });
  });

  it("sends nothing for a transaction without a notification_url, or one rejected as a duplicate", async () => {
    await tokenizeNotified({ notification_url: null });
    const duplicate = tokenizationRequest(
      { notification_url: `${receiver.origin}/hooks` },
      { number: uniqueVisaNumber(seed++) },
    );
    const answers = await Promise.all([
      postTokenization(gateway, shop, duplicate),
      postTokenization(gateway, shop, duplicate),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).transaction.uid).toBe(
      answers.find((answer) => answer.status === 200)?.body.transaction.uid,
    );
  });

  it("never carries the card number or the security code", async () => {
    const number = uniqueVisaNumber(seed++);
    await tokenizeNotified({}, { number, verification_value: "739" });
    await tokenizeNotified({ amount: 200 }, { number: "4005550000000019", verification_value: "738" });
    await drain();
    expect(receiver.received).toHaveLength(2);
    for (const request of receiver.received) {
      const everything = request.body + JSON.stringify(request.headers);
      expect(everything).not.toContain(number);
      expect(everything).not.toContain("4005550000000019");
      expect(everything).not.toContain("verification_value");
      // A 3-digit code may well occur inside a hex id, so compare whole values.
      const values: unknown[] = [];
      JSON.parse(request.body, (_key, value) => {
        values.push(value);
        return value;
      });
      expect(values).not.toContain("739");
      expect(values).not.toContain("738");
      expect(values).not.toContain(739);
      expect(values).not.toContain(738);
    }
  });

  it("logs neither card data nor the shop's secrets", async () => {
    const logged = gateway.logs.length;
    const number = uniqueVisaNumber(seed++);
    await tokenizeNotified({}, { number });
    receiver.answer = () => ({ status: 500, body: "" });
    await drain();
    const lines = gateway.logs.slice(logged).join("\n");
    expect(lines).toContain("notification attempt failed");
    for (const secret of [
      number,
      shop.secretKey,
      shop.webhookSecret,
      basicAuthorization(shop.id, shop.secretKey),
    ]) {
      expect(lines).not.toContain(secret);
    }
  });
});

describe("re-sending", () => {
  it("queues a new delivery with a new webhook-id and the same body", async () => {
    const transaction = await tokenizeNotified();
    await drain();
    const resent = await callJson(gateway, `/transactions/${transaction.uid}/notifications/resend`, {
      shop,
      method: "POST",
    });
    expect(resent.status).toBe(201);
    expect(notificationResponseSchema.safeParse(resent.body).success).toBe(true);
    expect(resent.body.notification).toMatchObject({ status: "pending", attempts: [], delivered_at: null });
    await drain();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second.headers["webhook-id"]).toBe(resent.body.notification.id);
    expect(second.headers["webhook-id"]).not.toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    const listed = await callJson(gateway, `/transactions/${transaction.uid}/notifications`, { shop });
    expect(listed.body.notifications.map((delivery: { status: string }) => delivery.status)).toEqual([
      "delivered",
      "delivered",
    ]);
  });

  it("answers the queued re-send instead of queueing another before it was attempted", async () => {
    const transaction = await tokenizeNotified();
    await drain();
    const resend = () =>
      callJson(gateway, `/transactions/${transaction.uid}/notifications/resend`, { shop, method: "POST" });
    const first = await resend();
    const second = await resend();
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.notification.id).toBe(first.body.notification.id);
    await drain();
    expect(receiver.received).toHaveLength(2);
  });

  it("is sent by a running worker at once, without waiting for its next poll", async () => {
    const transaction = await tokenizeNotified();
    await drain();
    const worker = new NotificationWorker(gateway.runtime.deps, { pollIntervalMs: 600_000 });
    worker.start();
    try {
      const resent = await callJson(gateway, `/transactions/${transaction.uid}/notifications/resend`, {
        shop,
        method: "POST",
      });
      expect(resent.status).toBe(201);
      await receiver.waitFor(2, 5_000);
      expect(receiver.received[1].headers["webhook-id"]).toBe(resent.body.notification.id);
    } finally {
      await worker.stop();
    }
  });

  it("refuses a transaction without a notification_url", async () => {
    const transaction = await tokenizeNotified({ notification_url: null });
    const response = await callJson(gateway, `/transactions/${transaction.uid}/notifications/resend`, {
      shop,
      method: "POST",
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Notification url is not set for this transaction",
      errors: { notification_url: ["is not set for this transaction"] },
    });
  });

  it("refuses an incomplete transaction (3-D Secure pending) and queues nothing", async () => {
    const threeDSecureShop = await gateway.createShop({ three_d_secure: true }, "3-D Secure Shop");
    const tokenized = await postTokenization(
      gateway,
      threeDSecureShop,
      tokenizationRequest(
        { notification_url: `${receiver.origin}/hooks`, return_url: `${receiver.origin}/return` },
        { number: "4012000000001097" },
      ),
    );
    expect(tokenized.status).toBe(200);
    const { uid, status } = tokenized.body.transaction;
    expect(status).toBe("incomplete");
    const response = await callJson(gateway, `/transactions/${uid}/notifications/resend`, {
      shop: threeDSecureShop,
      method: "POST",
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Transaction is not finished yet",
      errors: { base: ["Transaction is not finished yet"] },
    });
    const listed = await callJson(gateway, `/transactions/${uid}/notifications`, { shop: threeDSecureShop });
    expect(listed.body.notifications).toEqual([]);
    await drain();
    expect(receiver.received).toHaveLength(0);
  });

  it("answers 404 Record not found for an unknown uid or another shop's transaction", async () => {
    const transaction = await tokenizeNotified();
    for (const [uid, as] of [
      [transaction.uid, otherShop],
      ["00000000-0000-4000-8000-000000000000", shop],
      ["not-a-uid", shop],
    ] as const) {
      for (const [suffix, method] of [
        ["/notifications", "GET"],
        ["/notifications/resend", "POST"],
      ]) {
        const response = await callJson(gateway, `/transactions/${uid}${suffix}`, { shop: as, method });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: "Record not found" });
      }
    }
    await drain();
    expect(receiver.received).toHaveLength(1);
  });

  it("needs the shop's credentials", async () => {
    const transaction = await tokenizeNotified();
    const list = await callJson(gateway, `/transactions/${transaction.uid}/notifications`);
    expect(list.status).toBe(401);
    const resend = await callJson(gateway, `/transactions/${transaction.uid}/notifications/resend`, {
      method: "POST",
      headers: { authorization: basicAuthorization(shop.id, "wrong") },
    });
    expect(resend.status).toBe(401);
  });
});

describe("the background worker", () => {
  it("delivers new notifications by itself", async () => {
    gateway.runtime.notifications.start();
    const transaction = await tokenizeNotified();
    await receiver.waitFor(1, 5_000);
    expect(JSON.parse(receiver.received[0].body).transaction.uid).toBe(transaction.uid);
  });

  it("is woken by the tokenization that committed the delivery, not only by its poll", async () => {
    const worker = new NotificationWorker(gateway.runtime.deps, { pollIntervalMs: 600_000 });
    worker.start();
    try {
      const transaction = await tokenizeNotified();
      await receiver.waitFor(1, 5_000);
      expect(JSON.parse(receiver.received[0].body).transaction.uid).toBe(transaction.uid);
    } finally {
      await worker.stop();
    }
  });

  it("stops within the request deadline even while a merchant hangs, and hands the delivery back", async () => {
    receiver.answer = () => "hang";
    gateway.runtime.notifications.start();
    const transaction = await tokenizeNotified();
    await receiver.waitFor(1, 5_000);
    const started = performance.now();
    await gateway.runtime.notifications.stop();
    expect(performance.now() - started).toBeLessThan(2_000);
    const listed = await callJson(gateway, `/transactions/${transaction.uid}/notifications`, { shop });
    expect(listed.body.notifications[0]).toMatchObject({ status: "pending", attempts: [] });
    receiver.answer = () => ({ status: 204 });
    await drain();
    expect(receiver.received).toHaveLength(2);
  });
});

describe("the OpenAPI document", () => {
  it("describes listing and re-sending notifications", async () => {
    const response = await callJson(gateway, "/openapi.json");
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        "/transactions/{uid}/notifications",
        "/transactions/{uid}/notifications/resend",
      ]),
    );
    expect(response.body.paths["/transactions/{uid}/notifications/resend"].post.responses).toHaveProperty(
      "201",
    );
    expect(response.body.components.schemas).toHaveProperty("NotificationList");
  });
});
