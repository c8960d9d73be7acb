import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notificationAttempts, notificationDeliveries } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { NOTIFICATION_TIMEOUT_MS, NotificationWorker } from "@/lib/gateway/notifications/notification-worker";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/lib/gateway/notifications/retry-schedule";
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
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

const clock = new ManualClock(new Date());
let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
let seed = 93_000;

beforeAll(async () => {
  gateway = await startTestGateway({ clock });
  shop = await gateway.createShop();
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200 });
  // Each test counts only its own requests.
  await gateway.runtime.deps.db
    .update(notificationDeliveries)
    .set({ status: "failed" })
    .where(eq(notificationDeliveries.status, "pending"));
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

async function tokenizeNotified(url = `${receiver.origin}/hooks`): Promise<string> {
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({ notification_url: url }, { number: uniqueVisaNumber(seed++) }),
  );
  expect(response.status).toBe(200);
  return response.body.transaction.uid;
}

async function deliveriesOf(uid: string): Promise<JsonBody[]> {
  const response = await callJson(gateway, `/transactions/${uid}/notifications`, { shop });
  expect(response.status).toBe(200);
  return response.body.notifications;
}

const seconds = (value: number) => value * 1000;

describe("retries", () => {
  it("delivers on attempt N+1 after N failures, each after its backoff, recording every attempt", async () => {
    const failures = 4;
    receiver.answer = (_request, index) => (index < failures ? { status: 500 + index } : { status: 204 });
    // Jitter pinned to the top of its band: every retry is due at 110 % of its delay, not a moment before.
    const worker = new NotificationWorker(gateway.runtime.deps, { random: () => 0.999_999 });
    const uid = await tokenizeNotified();
    const startedAt = clock.now().getTime();

    expect(await worker.runOnce()).toBe(1);
    for (let retry = 0; retry < failures; retry++) {
      const delayMs = seconds(RETRY_DELAYS_SECONDS[retry]);
      clock.advance(delayMs * 1.09);
      expect(await worker.runOnce()).toBe(0);
      clock.advance(delayMs * 0.02);
      expect(await worker.runOnce()).toBe(1);
    }
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(failures + 1);
    // Every attempt is the same notification: same id, same body.
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);

    const [delivery] = await deliveriesOf(uid);
    expect(delivery.status).toBe("delivered");
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((attempt: JsonBody) => attempt.status_code)).toEqual([
      500, 501, 502, 503, 204,
    ]);
    expect(delivery.attempts.map((attempt: JsonBody) => attempt.succeeded)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(delivery.attempts.map((attempt: JsonBody) => attempt.error)).toEqual([
      "HTTP 500",
      "HTTP 501",
      "HTTP 502",
      "HTTP 503",
      null,
    ]);
    // Attempt times follow the schedule, as the injected clock saw them.
    const offsets = delivery.attempts.map(
      (attempt: JsonBody) => Date.parse(attempt.attempted_at) - startedAt,
    );
    let expected = 0;
    expect(offsets[0]).toBe(0);
    for (let retry = 0; retry < failures; retry++) {
      expected += seconds(RETRY_DELAYS_SECONDS[retry]) * 1.11;
      expect(offsets[retry + 1]).toBeCloseTo(expected, -1);
    }
    expect(Date.parse(delivery.delivered_at)).toBe(clock.now().getTime());
  });

  it("jitters each retry within ±10 % of its delay", async () => {
    receiver.answer = () => ({ status: 503 });
    const worker = new NotificationWorker(gateway.runtime.deps, { random: () => 0 });
    const uid = await tokenizeNotified();
    await worker.runOnce();
    const [delivery] = await deliveriesOf(uid);
    expect(Date.parse(delivery.next_attempt_at) - clock.now().getTime()).toBe(seconds(5 * 0.9));
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts over about three and a half days`, async () => {
    receiver.answer = () => ({ status: 500 });
    const worker = new NotificationWorker(gateway.runtime.deps);
    const uid = await tokenizeNotified();
    const startedAt = clock.now().getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      clock.advance(seconds(RETRY_DELAYS_SECONDS[attempt] ?? 0) * 1.1 + 1);
    }
    clock.advance(seconds(7 * 24 * 3600));
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const [delivery] = await deliveriesOf(uid);
    expect(delivery).toMatchObject({ status: "failed", next_attempt_at: null, delivered_at: null });
    expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
    const lastAttempt = Date.parse(delivery.attempts.at(-1).attempted_at) - startedAt;
    const schedule = RETRY_DELAYS_SECONDS.reduce((sum: number, delay) => sum + delay, 0);
    expect(lastAttempt / 1000).toBeGreaterThan(schedule * 0.9);
    expect(lastAttempt / 1000).toBeLessThan(schedule * 1.1 + MAX_ATTEMPTS);
  });

  it("counts no answer within the deadline as a failed attempt with no status", async () => {
    receiver.answer = (_request, index) => (index === 0 ? "hang" : { status: 200 });
    const worker = new NotificationWorker(gateway.runtime.deps, { requestTimeoutMs: 300 });
    const uid = await tokenizeNotified();
    await worker.runOnce();
    clock.advance(seconds(6));
    await worker.runOnce();
    const [delivery] = await deliveriesOf(uid);
    expect(delivery.status).toBe("delivered");
    expect(delivery.attempts[0]).toMatchObject({
      status_code: null,
      succeeded: false,
      error: "No answer within 300 ms",
    });
    expect(delivery.attempts[0].latency_ms).toBeGreaterThanOrEqual(290);
    expect(delivery.attempts[1]).toMatchObject({ status_code: 200, succeeded: true });
  });

  it("counts a redirect as a failed attempt without following it, and retries it on the schedule", async () => {
    // Followed, the redirect would land on another server that answers 200: it must not be.
    const redirecting = await startWebhookReceiver();
    const redirect = (status: number) => ({
      status,
      body: "",
      headers: { location: `${redirecting.origin}/moved-hooks` },
    });
    receiver.answer = () => redirect(302);
    const worker = new NotificationWorker(gateway.runtime.deps, { random: () => 0.5 });
    try {
      const uid = await tokenizeNotified();
      expect(await worker.runOnce()).toBe(1);
      expect(receiver.received.map((request) => request.path)).toEqual(["/hooks"]);
      let [delivery] = await deliveriesOf(uid);
      expect(delivery.status).toBe("pending");
      expect(delivery.attempts).toEqual([
        expect.objectContaining({ status_code: 302, succeeded: false, error: "HTTP 302" }),
      ]);
      // Due again after the first backoff (5 s, jitter pinned to the middle of its band), not before.
      expect(Date.parse(delivery.next_attempt_at) - clock.now().getTime()).toBe(
        seconds(RETRY_DELAYS_SECONDS[0]),
      );
      expect(await worker.runOnce()).toBe(0);

      for (const status of [301, 303, 307, 308]) {
        receiver.answer = () => redirect(status);
        clock.advance(seconds(24 * 3600));
        expect(await worker.runOnce()).toBe(1);
      }
      receiver.answer = () => ({ status: 204 });
      clock.advance(seconds(24 * 3600));
      expect(await worker.runOnce()).toBe(1);
      [delivery] = await deliveriesOf(uid);
      expect(delivery.status).toBe("delivered");
      expect(delivery.attempts.map((attempt: JsonBody) => [attempt.status_code, attempt.succeeded])).toEqual([
        [302, false],
        [301, false],
        [303, false],
        [307, false],
        [308, false],
        [204, true],
      ]);
      // Every request went to the notification_url itself; no redirect was followed.
      expect(receiver.received.map((request) => request.path)).toEqual(Array(6).fill("/hooks"));
      expect(redirecting.received).toHaveLength(0);
    } finally {
      await redirecting.close();
    }
  });

  it("waits 15 s for an answer by default, as documented", () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(15_000);
  });

  it("counts a refused connection as a failed attempt", async () => {
    const gone = await startWebhookReceiver();
    await gone.close();
    const worker = new NotificationWorker(gateway.runtime.deps);
    const uid = await tokenizeNotified(`${gone.origin}/hooks`);
    await worker.runOnce();
    const [delivery] = await deliveriesOf(uid);
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, succeeded: false });
    expect(delivery.attempts[0].error).toMatch(/ECONNREFUSED/);
  });

  it("gives a crashed instance's claims back when their lease runs out", async () => {
    const worker = new NotificationWorker(gateway.runtime.deps, { leaseSeconds: 60 });
    const uid = await tokenizeNotified();
    // An instance claims the delivery and dies before sending it.
    await gateway.runtime.deps.db
      .update(notificationDeliveries)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + seconds(60)) })
      .where(eq(notificationDeliveries.transactionUid, uid));
    expect(await worker.runOnce()).toBe(0);
    clock.advance(seconds(61));
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(uid))[0].status).toBe("delivered");
  });
});

describe("the address guard in the worker", () => {
  const strictWorker = () =>
    new NotificationWorker({
      ...gateway.runtime.deps,
      config: { ...gateway.runtime.deps.config, allowPrivateUrls: false },
    });

  it.each([
    ["127.0.0.1", () => `${receiver.origin}/hooks`],
    ["localhost", () => `http://localhost:${receiver.port}/hooks`],
    ["::1", () => `http://[::1]:${receiver.port}/hooks`],
    ["10.0.0.1", () => "http://10.0.0.1/hooks"],
    ["169.254.169.254", () => "http://169.254.169.254/latest/meta-data/"],
  ])("refuses %s when private URLs are not allowed, and records why", async (_name, url) => {
    const uid = await tokenizeNotified(url());
    expect(await strictWorker().runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(uid);
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, succeeded: false });
    expect(delivery.attempts[0].error).toMatch(
      /^Refused to connect to .+: .+ is a (loopback|private|cloud metadata) address$/,
    );
    const recorded = await gateway.runtime.deps.db
      .select()
      .from(notificationAttempts)
      .where(eq(notificationAttempts.deliveryId, delivery.id));
    expect(recorded).toHaveLength(1);
  });
});
