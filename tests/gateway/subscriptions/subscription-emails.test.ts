import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperEmails } from "@/lib/db/schema";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/**
 * What a subscriber hears by e-mail: the start of the subscription, a receipt for each paid cycle (the renewal
 * payment's own), the first failed renewal with the link to update the card, and the cancellation — each queued in
 * the database transaction of the change it reports, in the subscription's language.
 */

let gateway: TestGateway;
let shop: TestShop;
let quietShop: TestShop;
let seed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, quietShop] = await Promise.all([
    gateway.createShop({ customer_emails: { enabled: true } }, "Subscribing Shop"),
    gateway.createShop({}, "Quiet Shop"),
  ]);
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

function subscribe(as: TestShop, overrides: Record<string, unknown> = {}) {
  seed += 1;
  return callJson(gateway, "/subscriptions", {
    shop: as,
    body: {
      plan: {
        title: "Magazine",
        currency: "EUR",
        plan: { amount: 999, interval: 1, interval_unit: "month" },
      },
      customer: { email: `reader${seed}@example.com`, ip: "203.0.113.7" },
      card: {
        number: uniqueVisaNumber(770_000 + seed),
        verification_value: "123",
        holder: "Jane Doe",
        ...futureExpiry(),
      },
      language: "de",
      test: true,
      ...overrides,
    },
  });
}

async function emailsOf(subscriptionId: string) {
  return gateway.runtime.deps.db
    .select({
      kind: shopperEmails.kind,
      language: shopperEmails.language,
      recipient: shopperEmails.recipient,
      transactionUid: shopperEmails.transactionUid,
      payload: shopperEmails.payload,
    })
    .from(shopperEmails)
    .where(eq(shopperEmails.subscriptionId, subscriptionId))
    .orderBy(asc(shopperEmails.createdAt), asc(shopperEmails.id));
}

describe("subscription e-mails", () => {
  it("says the subscription started and sends a receipt for each paid cycle, once each", async () => {
    const created = await subscribe(shop);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "active", paid_billing_cycles: 1 });
    const renewAt = new Date(created.body.renew_at);
    const renewed = await callJson(gateway, `/subscriptions/${created.body.id}/test_clock`, {
      shop,
      body: { advance_to: new Date(renewAt.getTime() + 1000).toISOString() },
    });
    expect(renewed.body).toMatchObject({ paid_billing_cycles: 2 });

    const emails = await emailsOf(created.body.id);
    // The first charge's receipt is a payment's receipt beside "started", never "renewed"; the next one renews.
    expect(emails.map((email) => email.kind).sort()).toEqual([
      "receipt",
      "renewal_receipt",
      "subscription_started",
    ]);
    expect(new Set(emails.map((email) => email.recipient))).toEqual(new Set([`reader${seed}@example.com`]));
    expect(new Set(emails.map((email) => email.language))).toEqual(new Set(["de"]));
    // Each receipt is its cycle's payment's.
    const receipts = emails.filter((email) => email.kind.endsWith("receipt")).map((e) => e.transactionUid);
    expect(new Set(receipts).size).toBe(2);
    expect(emails.find((email) => email.kind === "renewal_receipt")?.transactionUid).toBe(
      renewed.body.last_transaction.uid,
    );
    expect(emails.find((email) => email.kind === "receipt")?.transactionUid).toBe(
      created.body.last_transaction.uid,
    );
  });

  it("tells the subscriber at the first failed renewal, with the link to update the card, and at a cancel", async () => {
    const created = await subscribe(shop, {
      plan: {
        title: "Magazine",
        currency: "EUR",
        plan: { amount: 999, interval: 1, interval_unit: "month" },
        trial: { amount: 0, interval: 7, interval_unit: "day" },
      },
      // Insufficient funds: a soft decline, retried the next day.
      card: { number: "4005550000000027", verification_value: "123", holder: "Jane Doe", ...futureExpiry() },
    });
    expect(created.body).toMatchObject({ state: "trial" });
    const trialEnd = new Date(created.body.renew_at);
    const failed = await callJson(gateway, `/subscriptions/${created.body.id}/test_clock`, {
      shop,
      body: { advance_to: new Date(trialEnd.getTime() + 1000).toISOString() },
    });
    expect(failed.body).toMatchObject({ state: "failed_attempt" });
    const canceled = await callJson(gateway, `/subscriptions/${created.body.id}/cancel`, {
      shop,
      body: { cancel_reason: "Moved away" },
    });
    expect(canceled.status).toBe(200);

    const emails = await emailsOf(created.body.id);
    // A free trial of 7 days is reminded of its end at once (the test clock sends it as it moves).
    expect(emails.map((email) => email.kind)).toEqual([
      "subscription_started",
      "trial_will_end",
      "renewal_failed",
      "subscription_canceled",
    ]);
    const failure = emails[2];
    expect(failure.transactionUid).toBe(failed.body.last_transaction.uid);
    expect((failure.payload as { cardUpdateUrl: string | null }).cardUpdateUrl).toBe(
      failed.body.card_update_url,
    );
    expect(failed.body.card_update_url).toMatch(/\/subscription_cards\//);
    // Never charged (its trial's end was declined): its cancel says nothing was, not "not charged again".
    expect(emails[3].payload).toMatchObject({ neverCharged: true });
    expect(emails[2].payload).not.toHaveProperty("neverCharged");
    // Nothing of the card beyond its brand and last 4 digits.
    expect(JSON.stringify(emails)).not.toContain("4005550000000027");
    expect(JSON.stringify(emails)).not.toContain(created.body.card.token);
  });

  it("sends nothing for a shop that has not turned shopper e-mails on", async () => {
    const created = await subscribe(quietShop);
    expect(created.body).toMatchObject({ state: "active" });
    expect(await emailsOf(created.body.id)).toEqual([]);
  });
});
