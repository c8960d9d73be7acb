import { verify } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
let seed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  receiver = await startWebhookReceiver();
}, 120_000);

afterAll(async () => {
  await gateway.close();
  await receiver.close();
}, 120_000);

const DAY = 86_400_000;
/** The sandbox issuer's frictionless cards (3-D Secure Y without a challenge): README, test cards. */
const FRICTIONLESS_VISA = "4012000000001006";
const FRICTIONLESS_MASTERCARD = "5204240000015003";
/** A card the sandbox issuer challenges. */
const CHALLENGED_VISA = "4012000000001097";

function customer() {
  seed += 1;
  return { email: `hosted${seed}@example.com`, ip: "198.51.100.4" };
}

function checkoutTokenOf(url: string): string {
  const token = /\/checkout\/([0-9a-f]{64})$/.exec(url)?.[1];
  if (!token) throw new Error(`not a checkout page: ${url}`);
  return token;
}

async function deliverAll(): Promise<JsonBody[]> {
  while ((await gateway.runtime.notifications.runOnce()) > 0);
  return receiver.received.map((request) => JSON.parse(request.body));
}

describe("a subscription without a card", () => {
  it("redirects to the hosted page; the page's payment activates it with the card it keeps", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Box", currency: "USD", plan: { amount: 2500, interval: 1, interval_unit: "week" } },
        customer: customer(),
        return_url: "https://merchant.example/thanks?order=7",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "redirecting", card: null, renew_at: null });
    const token = checkoutTokenOf(created.body.redirect_url);
    const session = await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop });
    expect(session.body.checkout).toMatchObject({
      transaction_type: "payment",
      order: { amount: 2500, currency: "USD", additional_data: { contract: ["recurring"] } },
      settings: {
        return_url: `https://merchant.example/thanks?order=7&id=${created.body.id}`,
        save_card_toggle: { display: false },
      },
    });
    // The page authenticates the card with 3-D Secure though the shop has it off: a frictionless card passes.
    const paid = await typedCardAttempt(gateway, token, {
      seed: 7_700_001,
      card: { number: FRICTIONLESS_VISA },
    });
    expect(paid.body.transaction).toMatchObject({
      status: "successful",
      three_d_secure_verification: { status: "successful" },
    });
    const active = await callJson(gateway, `/subscriptions/${created.body.id}`, { shop });
    expect(active.body).toMatchObject({
      state: "active",
      paid_billing_cycles: 1,
      last_transaction: { uid: paid.body.transaction.uid, status: "successful" },
    });
    expect(active.body.redirect_url).toBeUndefined();
    expect(active.body.card.token).toMatch(/^[0-9a-f]{64}$/);
    // The kept card renews the next week through the scheduler's path.
    const renewed = await callJson(gateway, `/subscriptions/${created.body.id}/test_clock`, {
      shop,
      body: { advance_to: new Date(Date.now() + 8 * DAY).toISOString() },
    });
    expect(renewed.body).toMatchObject({ state: "active", paid_billing_cycles: 2 });
  });
});

describe("3-D Secure on a subscription's pages", () => {
  it("challenges the first payment on a shop that has 3-D Secure off, and keeps nothing before it passes", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { title: "Box", currency: "USD", plan: { amount: 2600, interval: 1, interval_unit: "week" } },
        customer: customer(),
      },
    });
    const token = checkoutTokenOf(created.body.redirect_url);
    const attempt = await typedCardAttempt(gateway, token, {
      seed: 7_700_003,
      card: { number: CHALLENGED_VISA },
    });
    expect(attempt.body.transaction).toMatchObject({ status: "incomplete" });
    expect(attempt.body.transaction.redirect_url).toMatch(/\/process\//);
    // Nothing is charged or kept until the shopper passes the challenge.
    expect((await callJson(gateway, `/subscriptions/${created.body.id}`, { shop })).body).toMatchObject({
      state: "redirecting",
      paid_billing_cycles: 0,
    });
  });

  it("leaves the shop's own sessions as the shop set them", async () => {
    const session = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "payment",
          order: { amount: 2700, currency: "USD", description: "One-off" },
          settings: { return_url: "https://merchant.example/back" },
        },
      },
    });
    expect(session.status).toBe(201);
    const paid = await typedCardAttempt(gateway, session.body.checkout.token, {
      seed: 7_700_004,
      card: { number: CHALLENGED_VISA },
    });
    expect(paid.body.transaction.status).toBe("successful");
  });
});

describe("the card update link", () => {
  it("replaces a failing subscription's card and retries the due renewal at once, with signed events", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: {
          title: "Club",
          currency: "EUR",
          plan: { amount: 1200, interval: 1, interval_unit: "month" },
          trial: { amount: 0, interval: 3, interval_unit: "day" },
        },
        customer: customer(),
        card: { number: "4005550000000027", verification_value: "123", ...futureExpiry() },
        notification_url: `${receiver.origin}/subscription-events`,
        test: true,
      },
    });
    expect(created.body.state).toBe("trial");
    const id = created.body.id;
    const failing = await callJson(gateway, `/subscriptions/${id}/test_clock`, {
      shop,
      body: { advance_to: new Date(Date.now() + 3.5 * DAY).toISOString() },
    });
    expect(failing.body).toMatchObject({ state: "failed_attempt", number_failed_payment_attempts: 1 });
    const oldToken = failing.body.card.token;

    // The link needs no credentials: it opens a tokenization page bound to the subscription.
    expect(failing.body.card_update_url).toMatch(
      /^http:\/\/localhost:3999\/gateway\/subscription_cards\/[0-9a-f]{64}$/,
    );
    const link = await fetch(
      failing.body.card_update_url.replace("http://localhost:3999/gateway", gateway.url),
      {
        redirect: "manual",
      },
    );
    expect(link.status).toBe(303);
    const token = checkoutTokenOf(String(link.headers.get("location")));
    const session = await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop });
    expect(session.body.checkout).toMatchObject({
      transaction_type: "tokenization",
      order: { additional_data: { contract: ["recurring"] } },
    });
    const stored = await typedCardAttempt(gateway, token, {
      seed: 7_700_002,
      card: { number: FRICTIONLESS_MASTERCARD },
    });
    expect(stored.body.transaction).toMatchObject({
      status: "successful",
      three_d_secure_verification: { status: "successful" },
    });
    await gateway.runtime.subscriptions.runOnce();

    const rescued = await callJson(gateway, `/subscriptions/${id}`, { shop });
    expect(rescued.body).toMatchObject({
      state: "active",
      paid_billing_cycles: 1,
      number_failed_payment_attempts: 0,
      last_transaction: { status: "successful" },
    });
    expect(rescued.body.card.token).not.toBe(oldToken);
    expect(rescued.body.card.last_4).toBe(FRICTIONLESS_MASTERCARD.slice(-4));
    // A second settle finds nothing to do: the card is replaced once.
    await gateway.runtime.subscriptions.runOnce();
    expect((await callJson(gateway, `/subscriptions/${id}`, { shop })).body.paid_billing_cycles).toBe(1);
    expect((await fetch(`${gateway.url}/subscription_cards/${"0".repeat(64)}`)).status).toBe(404);

    // Deliveries run in parallel: the events are put in order by the subscription's own time of change (created and
    // started are one change: created first).
    const createdFirst = (body: { event: string }) => (body.event === "subscription.created" ? 0 : 1);
    const events = (await deliverAll())
      .filter((body) => body.id === id)
      .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || createdFirst(a) - createdFirst(b));
    // A free trial of 7 days or less is reminded of its end at once (trial_will_end, with the cancel link).
    expect(events.map((body) => body.event)).toEqual([
      "subscription.created",
      "subscription.started",
      "subscription.trial_will_end",
      "subscription.renewal_failed",
      "subscription.card_updated",
      "subscription.renewed",
    ]);
    expect(events[1]).toMatchObject({ state: "trial", active_to: created.body.active_to });
    expect(events[2]).toMatchObject({
      state: "trial",
      cancel_url: expect.stringMatching(/\/subscription\/cancel\//),
    });
    expect(events[3]).toMatchObject({ state: "failed_attempt", number_failed_payment_attempts: 1 });
    expect(events[5]).toMatchObject({ state: "active", paid_billing_cycles: 1 });
    const request = receiver.received.find(
      (entry) => JSON.parse(entry.body).event === "subscription.renewed",
    );
    if (!request) throw new Error("no renewed event");
    const signature = Buffer.from(String(request.headers["content-signature"]), "base64");
    expect(verify("sha256", Buffer.from(request.body), shop.publicKey, signature)).toBe(true);
    expect(
      new Webhook(shop.webhookSecret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).toMatchObject({ id, event: "subscription.renewed" });
  });
});
