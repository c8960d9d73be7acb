import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import { startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "../harness";
import {
  openPage,
  queryTransaction,
  shownCode,
  storedRows,
  submitForm,
  tokenize,
} from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * 3-D Secure with a THREE_D_SECURE_TTL_SECONDS other than the default, and the notifications of transactions that
 * a challenge (or its expiry) finished.
 */
const TTL_SECONDS = 120;

let clock: ManualClock;
let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
let seed = 330_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  [gateway, receiver] = await Promise.all([
    startTestGateway({ clock, env: { THREE_D_SECURE_TTL_SECONDS: String(TTL_SECONDS) } }),
    startWebhookReceiver(),
  ]);
  receiver.answer = () => ({ status: 200 });
  shop = await gateway.createShop({ three_d_secure: true }, "Short TTL Merchant");
});

afterEach(async () => {
  // Each test counts only its own requests: whatever it left due is sent now, and forgotten.
  await drain();
  receiver.received.length = 0;
});

afterAll(async () => {
  await Promise.all([gateway?.close(), receiver?.close()]);
});

function tokenizeChallenge(): Promise<{ uid: string }> {
  seed += 1;
  return tokenize(gateway, shop, uniqueVisaNumber(seed), {
    return_url: `${receiver.origin}/return`,
    notification_url: `${receiver.origin}/hooks`,
  });
}

/** Runs the worker until nothing is due. */
async function drain(): Promise<void> {
  while ((await gateway.runtime.notifications.runOnce()) > 0);
}

describe("THREE_D_SECURE_TTL_SECONDS", () => {
  it("is read into the runtime's config", () => {
    expect(gateway.runtime.deps.config.threeDSecureTtlSeconds).toBe(TTL_SECONDS);
  });

  it("expires a challenge after its own seconds, far sooner than the default 30 minutes", async () => {
    const transaction = await tokenizeChallenge();
    const stored = await storedRows(gateway, transaction.uid);
    expect(stored.challenge.expiresAt.getTime() - stored.transaction.createdAt.getTime()).toBe(
      TTL_SECONDS * 1000,
    );

    clock.advance(TTL_SECONDS * 1000 - 1_000);
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    expect((await queryTransaction(gateway, shop, transaction.uid)).status).toBe("incomplete");

    clock.advance(1_000);
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBe(1);
    expect(await queryTransaction(gateway, shop, transaction.uid)).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: the verification was not completed in time",
      three_d_secure_verification: { status: "failed", pa_status: "U" },
    });
  });
});

describe("the notification of a transaction that 3-D Secure finished", () => {
  it("is sent only when the challenge passes, with exactly the body of GET /transactions/{uid}", async () => {
    const transaction = await tokenizeChallenge();
    await drain();
    expect(receiver.received).toHaveLength(0);

    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    clock.advance(3_000);
    const answer = await submitForm(gateway, transaction.uid, { code });
    expect(answer.status).toBe(303);
    await drain();
    expect(receiver.received).toHaveLength(1);

    const queried = await gateway.call(`/transactions/${transaction.uid}`, { shop });
    const [request] = receiver.received;
    expect(request.path).toBe("/hooks");
    expect(request.body).toBe(await queried.text());
    expect(JSON.parse(request.body).transaction).toMatchObject({
      uid: transaction.uid,
      status: "successful",
      credit_card: { token: expect.stringMatching(/^[0-9a-f]{64}$/) },
      three_d_secure_verification: { status: "successful", pa_status: "Y" },
    });
  });

  it("is sent for an expired challenge, with exactly the body of GET /transactions/{uid}", async () => {
    const transaction = await tokenizeChallenge();
    clock.advance(TTL_SECONDS * 1000);
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBe(1);
    await drain();
    expect(receiver.received).toHaveLength(1);

    const queried = await gateway.call(`/transactions/${transaction.uid}`, { shop });
    const [request] = receiver.received;
    expect(request.body).toBe(await queried.text());
    expect(JSON.parse(request.body).transaction).toMatchObject({
      uid: transaction.uid,
      status: "failed",
      credit_card: { token: null },
      three_d_secure_verification: {
        pa_status: "U",
        fail_reason: "The verification was not completed in time",
      },
    });
  });

  it("is sent for a cancelled challenge, with exactly the body of GET /transactions/{uid}", async () => {
    const transaction = await tokenizeChallenge();
    const answer = await submitForm(gateway, transaction.uid, { action: "cancel" });
    expect(answer.status).toBe(303);
    await drain();
    expect(receiver.received).toHaveLength(1);
    const queried = await gateway.call(`/transactions/${transaction.uid}`, { shop });
    expect(receiver.received[0].body).toBe(await queried.text());
    expect(JSON.parse(receiver.received[0].body).transaction.status).toBe("failed");
  });
});
