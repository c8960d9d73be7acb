import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { notificationDeliveries, shopperEmails, transactions } from "@/lib/db/schema";
import { renderShopperEmail } from "@/lib/gateway/emails/render-shopper-email";
import type { ShopperEmailPayload } from "@/lib/gateway/emails/shopper-email-payload";
import { sendTrialReminders } from "@/lib/gateway/subscriptions/trial-reminders";
import {
  callJson,
  futureExpiry,
  instancesOnOneDatabase,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";

/**
 * A subscription's life beyond charging: the free trial's reminder, each failed retry's own e-mail, the
 * subscriber's cancel link, pauses and plan changes — each once, on one instance or two at once (PostgreSQL).
 */

const instances = instancesOnOneDatabase();
let gateway: TestGateway;
let other: TestGateway;
let shop: TestShop;
let seed = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  [gateway] = instances;
  other = instances[1] ?? instances[0];
  shop = await gateway.createShop({ customer_emails: { enabled: true } }, "Lifecycle Shop");
}, 120_000);

afterAll(() => undefined);

const MONTHLY = {
  title: "Magazine",
  currency: "EUR",
  plan: { amount: 1000, interval: 1, interval_unit: "month" },
};

function subscribe(overrides: Record<string, unknown> = {}) {
  seed += 1;
  return callJson(gateway, "/subscriptions", {
    shop,
    body: {
      plan: MONTHLY,
      customer: { email: `life${seed}@example.com`, ip: "203.0.113.7" },
      card: {
        number: uniqueVisaNumber(880_000 + seed),
        verification_value: "123",
        holder: "Jane Doe",
        ...futureExpiry(),
      },
      notification_url: "http://127.0.0.1:9/hooks",
      language: "de",
      test: true,
      ...overrides,
    },
  });
}

async function emailsOf(subscriptionId: string) {
  return gateway.runtime.deps.db
    .select({ kind: shopperEmails.kind, language: shopperEmails.language, payload: shopperEmails.payload })
    .from(shopperEmails)
    .where(eq(shopperEmails.subscriptionId, subscriptionId))
    .orderBy(asc(shopperEmails.createdAt), asc(shopperEmails.id));
}

async function eventsOf(subscriptionId: string): Promise<string[]> {
  const rows = await gateway.runtime.deps.db
    .select({ payload: notificationDeliveries.payload })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.subscriptionId, subscriptionId))
    .orderBy(asc(notificationDeliveries.createdAt));
  return rows.map((row) => (row.payload as { event: string }).event);
}

async function paymentsOf(subscriptionId: string) {
  return gateway.runtime.deps.db
    .select({ uid: transactions.uid, amount: transactions.amount, status: transactions.status })
    .from(transactions)
    .where(
      and(
        sql`${transactions.body}->>'subscription_id' = ${subscriptionId}`,
        eq(transactions.type, "payment"),
      ),
    )
    .orderBy(asc(transactions.createdAt));
}

function clock(id: string, at: Date) {
  return callJson(gateway, `/subscriptions/${id}/test_clock`, {
    shop,
    body: { advance_to: at.toISOString() },
  });
}

async function createPlan(body: Record<string, unknown>) {
  const plan = await callJson(gateway, "/plans", { shop, body: { test: true, ...body } });
  expect(plan.status).toBe(201);
  return plan.body.id as string;
}

describe("a free trial's reminder", () => {
  it("comes 7 days before a 14-day trial ends, once, with the first charge, its date and the cancel link", async () => {
    const created = await subscribe({
      plan: { ...MONTHLY, trial: { amount: 0, interval: 14, interval_unit: "day" } },
    });
    expect(created.body.state).toBe("trial");
    const trialEnd = new Date(created.body.renew_at);
    // Not yet: the reminder is due 7 days before the end.
    await clock(created.body.id, new Date(trialEnd.getTime() - 8 * DAY));
    expect((await emailsOf(created.body.id)).map((email) => email.kind)).toEqual(["subscription_started"]);
    await clock(created.body.id, new Date(trialEnd.getTime() - 7 * DAY + 1000));
    await clock(created.body.id, new Date(trialEnd.getTime() - 2 * DAY));
    const emails = await emailsOf(created.body.id);
    expect(emails.map((email) => email.kind)).toEqual(["subscription_started", "trial_will_end"]);
    expect(await eventsOf(created.body.id)).toEqual([
      "subscription.created",
      "subscription.started",
      "subscription.trial_will_end",
    ]);
    const reminder = emails[1].payload as ShopperEmailPayload;
    expect(reminder.subscription).toMatchObject({
      nothingChargedNow: true,
      trialEndsAt: trialEnd.toISOString(),
      nextCharge: { amount: 1000, at: trialEnd.toISOString(), first: true },
      cancelUrl: created.body.cancel_url,
    });
    const rendered = await renderShopperEmail({ kind: "trial_will_end", language: "de", payload: reminder });
    expect(rendered.text).toContain("10,00");
    expect(rendered.text).toContain(created.body.cancel_url);
    expect(rendered.text).toContain("Abonnement kündigen");
  });

  it("comes at once for a trial of 7 days or less, and of two instances at once only one sends it", async () => {
    const created = await subscribe({
      plan: { ...MONTHLY, trial: { amount: 0, interval: 3, interval_unit: "day" } },
    });
    const sent = await Promise.all([
      sendTrialReminders(gateway.runtime.deps, { subscriptionId: created.body.id }),
      sendTrialReminders(other.runtime.deps, { subscriptionId: created.body.id }),
      sendTrialReminders(other.runtime.deps, { subscriptionId: created.body.id }),
    ]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await emailsOf(created.body.id)).map((email) => email.kind)).toEqual([
      "subscription_started",
      "trial_will_end",
    ]);
  });

  it("is never sent for a trial with a price, paid when it started", async () => {
    const created = await subscribe({
      plan: { ...MONTHLY, trial: { amount: 100, interval: 3, interval_unit: "day" } },
    });
    expect(await sendTrialReminders(gateway.runtime.deps, { subscriptionId: created.body.id })).toBe(0);
  });

  it("the trial's start says nothing is charged today, when the first charge comes and how to cancel", async () => {
    const created = await subscribe({
      plan: { ...MONTHLY, trial: { amount: 0, interval: 14, interval_unit: "day" } },
      language: "en",
    });
    const [started] = await emailsOf(created.body.id);
    const payload = started.payload as ShopperEmailPayload;
    expect(payload.subscription).toMatchObject({
      nothingChargedNow: true,
      freeTrial: true,
      nextCharge: { amount: 1000, at: created.body.renew_at, first: true },
    });
    const { text } = await renderShopperEmail({ kind: "subscription_started", language: "en", payload });
    expect(text).toContain("Nothing is charged today");
    expect(text).toContain("First charge");
    expect(text).toContain(created.body.cancel_url);
    expect(text).not.toContain("This is what you pay");
    expect(text).not.toContain("because of a payment");
    expect(text).not.toMatch(/Amount\s/);
  });
});

describe("a failed renewal's e-mails", () => {
  it("differ per attempt: attempt n of N, the next try's date (none after the last), and why", async () => {
    const created = await subscribe({
      plan: {
        ...MONTHLY,
        trial: { amount: 0, interval: 7, interval_unit: "day" },
        number_payment_attempts: 3,
      },
      // Insufficient funds: a soft decline, retried the next day.
      card: { number: "4005550000000027", verification_value: "123", holder: "Jane Doe", ...futureExpiry() },
      language: "en",
    });
    const trialEnd = new Date(created.body.renew_at);
    const failed = await clock(created.body.id, new Date(trialEnd.getTime() + 3 * DAY));
    expect(failed.body.state).toBe("failed");
    const emails = (await emailsOf(created.body.id)).filter((email) => email.kind === "renewal_failed");
    const attempts = emails.map((email) => (email.payload as ShopperEmailPayload).subscription?.attempt);
    expect(attempts.map((attempt) => [attempt?.number, attempt?.of, attempt?.reason])).toEqual([
      [1, 3, "insufficient_funds"],
      [2, 3, "insufficient_funds"],
      [3, 3, "insufficient_funds"],
    ]);
    expect(attempts[0]?.nextAt).toBe(new Date(trialEnd.getTime() + DAY).toISOString());
    expect(attempts[1]?.nextAt).not.toBeNull();
    expect(attempts[2]?.nextAt).toBeNull();
    const texts = await Promise.all(
      emails.map(
        async (email) =>
          (
            await renderShopperEmail({
              kind: "renewal_failed",
              language: "en",
              payload: email.payload as ShopperEmailPayload,
            })
          ).text,
      ),
    );
    expect(new Set(texts).size).toBe(3);
    expect(texts[0]).toContain("Attempt 1 of 3");
    expect(texts[0]).toContain("Insufficient funds");
    expect(texts[2]).toContain("This was the last attempt.");
    expect(failed.body.last_failure_reason).toBe("insufficient_funds");
  });
});

describe("the subscriber's cancel link", () => {
  const tokenOf = (url: string) => url.split("/").at(-1) as string;

  it("shows the subscription, cancels it at the period's end once, and answers a forged link 404", async () => {
    const created = await subscribe();
    expect(created.body.cancel_url).toMatch(/\/subscription\/cancel\/[0-9a-f]{64}$/);
    const token = tokenOf(created.body.cancel_url);
    const view = await callJson(gateway, `/subscription_cancels/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.subscription).toMatchObject({
      state: "active",
      cancelable: true,
      charged: true,
      plan: { title: "Magazine", amount: 1000, currency: "EUR" },
      active_to: created.body.active_to,
      language: "de",
    });
    expect(JSON.stringify(view.body)).not.toContain(created.body.card.token);
    const [first, second] = await Promise.all([
      callJson(gateway, `/subscription_cancels/${token}`, { method: "POST" }),
      callJson(other, `/subscription_cancels/${token}`, { method: "POST" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.subscription).toMatchObject({ state: "canceled", cancelable: false });
    const after = await callJson(gateway, `/subscriptions/${created.body.id}`, { shop });
    expect(after.body).toMatchObject({
      state: "canceled",
      cancel_reason: "Canceled by the subscriber",
      active_to: created.body.active_to,
      renew_at: null,
      cancel_url: null,
    });
    expect(
      (await emailsOf(created.body.id)).filter((email) => email.kind === "subscription_canceled"),
    ).toHaveLength(1);
    // A capability: its requests are logged with the token masked (its first 8 characters kept).
    expect(gateway.logs.join("\n")).not.toContain(token);
    expect(gateway.logs.join("\n")).toContain(`/subscription_cancels/${token.slice(0, 8)}`);
    for (const forged of ["0".repeat(64), "nope", `${token.slice(0, 63)}x`]) {
      const answer = await callJson(gateway, `/subscription_cancels/${forged}`, { method: "POST" });
      expect(answer.status).toBe(404);
    }
  });
});

describe("pause and resume", () => {
  it("charges nothing while paused, resumes at the first anniversary after, and refuses what makes no sense", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const renewAt = new Date(created.body.renew_at);
    const resumeActive = await callJson(gateway, `/subscriptions/${id}/resume`, { shop, body: {} });
    expect(resumeActive.status).toBe(422);
    expect(resumeActive.body.errors).toEqual({ subscription: ["is not paused"] });
    const past = await callJson(gateway, `/subscriptions/${id}/pause`, {
      shop,
      body: { resume_at: new Date(Date.now() - DAY).toISOString() },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ resume_at: ["must be in the future"] });
    const paused = await callJson(gateway, `/subscriptions/${id}/pause`, { shop, method: "POST" });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ state: "paused", renew_at: null, resume_at: null });
    const twice = await callJson(gateway, `/subscriptions/${id}/pause`, { shop, body: {} });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ subscription: ["is already paused"] });
    // Two periods pass while paused: nothing is charged.
    const later = new Date(renewAt.getTime() + 40 * DAY);
    const still = await clock(id, later);
    expect(still.body).toMatchObject({ state: "paused", paid_billing_cycles: 1 });
    expect(await paymentsOf(id)).toHaveLength(1);
    const resumed = await callJson(gateway, `/subscriptions/${id}/resume`, { shop, method: "POST" });
    expect(resumed.status).toBe(200);
    expect(resumed.body.state).toBe("active");
    // The first anniversary of the anchor after the moment it resumed.
    const next = new Date(resumed.body.renew_at);
    expect(next.getTime()).toBeGreaterThan(later.getTime());
    // The anchor's day of the month, or the month's last day when it has fewer (an anchor on the 29th to 31st).
    const daysInMonth = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    expect(next.getUTCDate()).toBe(Math.min(new Date(created.body.billing_anchor).getUTCDate(), daysInMonth));
    expect(next.getTime() - later.getTime()).toBeLessThanOrEqual(31 * DAY);
    const charged = await clock(id, new Date(next.getTime() + 1000));
    expect(charged.body).toMatchObject({ state: "active", paid_billing_cycles: 2 });
    expect(await paymentsOf(id)).toHaveLength(2);
    const kinds = (await emailsOf(id)).map((email) => email.kind);
    expect(kinds.filter((kind) => kind === "subscription_paused")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "subscription_resumed")).toHaveLength(1);
  });

  it("resumes by itself when the test clock passes resume_at, and cancels from paused", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const renewAt = new Date(created.body.renew_at);
    const resumeAt = new Date(renewAt.getTime() + 10 * DAY);
    const paused = await callJson(gateway, `/subscriptions/${id}/pause`, {
      shop,
      body: { resume_at: resumeAt.toISOString() },
    });
    expect(paused.body).toMatchObject({ state: "paused", resume_at: resumeAt.toISOString() });
    const after = await clock(id, new Date(resumeAt.getTime() + DAY));
    expect(after.body).toMatchObject({ state: "active", paid_billing_cycles: 1, resume_at: null });
    expect(new Date(after.body.renew_at).getTime()).toBeGreaterThan(resumeAt.getTime());
    const again = await callJson(gateway, `/subscriptions/${id}/pause`, { shop, method: "POST" });
    expect(again.body.state).toBe("paused");
    const canceled = await callJson(gateway, `/subscriptions/${id}/cancel`, {
      shop,
      body: { cancel_reason: "Moved away" },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.state).toBe("canceled");
  });

  it("two test clocks moved at once through a pause charge each cycle once", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const anchor = new Date(created.body.billing_anchor);
    const resumeAt = new Date(anchor.getTime() + 45 * DAY);
    await callJson(gateway, `/subscriptions/${id}/pause`, {
      shop,
      body: { resume_at: resumeAt.toISOString() },
    });
    const target = new Date(anchor.getTime() + 125 * DAY).toISOString();
    const moved = await Promise.all([
      callJson(gateway, `/subscriptions/${id}/test_clock`, { shop, body: { advance_to: target } }),
      callJson(other, `/subscriptions/${id}/test_clock`, { shop, body: { advance_to: target } }),
    ]);
    expect(moved.map((answer) => answer.status)).toEqual([200, 200]);
    // One clock may stop where the other holds the charge; a last move finishes what is due.
    const done = await clock(id, new Date(target));
    const payments = await paymentsOf(id);
    // Paused from day 0 to 45: resumed, next charged at the anchor's first anniversary after day 45, then monthly.
    expect(done.body.state).toBe("active");
    expect(payments.length).toBe(done.body.paid_billing_cycles);
    expect(new Set(payments.map((payment) => payment.uid)).size).toBe(payments.length);
    // The first cycle, then months 2, 3 and 4 (days 59–62, 89–92, 120–123): month 1's charge fell in the pause.
    expect(done.body.paid_billing_cycles).toBe(4);
    expect((await eventsOf(id)).filter((event) => event === "subscription.resumed")).toHaveLength(1);
  });

  it("of two pauses at once, one pauses and the other is told it is already paused", async () => {
    const created = await subscribe();
    const answers = await Promise.all([
      callJson(gateway, `/subscriptions/${created.body.id}/pause`, { shop, method: "POST" }),
      callJson(other, `/subscriptions/${created.body.id}/pause`, { shop, method: "POST" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await eventsOf(created.body.id)).toContain("subscription.paused");
    expect((await eventsOf(created.body.id)).filter((event) => event === "subscription.paused")).toHaveLength(
      1,
    );
  });
});

describe("plan changes", () => {
  it("refuses an unknown plan, another currency and a canceled subscription, charging nothing", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const dollars = await createPlan({
      title: "Dollars",
      currency: "USD",
      plan: { amount: 500, interval: 1, interval_unit: "month" },
    });
    const unknown = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: "pln_0000000000000000" } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ plan: { id: ["Plan does not exist."] } });
    const currency = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: dollars }, proration: "now" },
    });
    expect(currency.status).toBe(422);
    expect(currency.body.errors).toEqual({ plan: { currency: ["must have the subscription's currency"] } });
    const badProration = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: dollars }, proration: "yesterday" },
    });
    expect(badProration.status).toBe(422);
    await callJson(gateway, `/subscriptions/${id}/cancel`, { shop, body: { cancel_reason: "Done" } });
    const euros = await createPlan({ ...MONTHLY, title: "Bigger", plan: { ...MONTHLY.plan, amount: 2000 } });
    const canceled = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: euros }, proration: "now" },
    });
    expect(canceled.status).toBe(422);
    expect(canceled.body.errors).toEqual({ subscription: ["is already canceled"] });
    const missing = await callJson(gateway, "/subscriptions/sbs_0000000000000000/change_plan", {
      shop,
      body: { plan: { id: euros } },
    });
    expect(missing.status).toBe(404);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("next_cycle bills the new plan from the next renewal; a second change replaces the pending one", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const bigger = await createPlan({ ...MONTHLY, title: "Bigger", plan: { ...MONTHLY.plan, amount: 2000 } });
    const smaller = await createPlan({
      ...MONTHLY,
      title: "Smaller",
      plan: { ...MONTHLY.plan, amount: 700 },
    });
    const first = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: bigger } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pending_plan: { id: bigger }, plan: { id: created.body.plan.id } });
    const second = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: smaller }, proration: "next_cycle" },
    });
    expect(second.body).toMatchObject({ pending_plan: { id: smaller } });
    const renewed = await clock(id, new Date(new Date(created.body.renew_at).getTime() + 1000));
    expect(renewed.body).toMatchObject({ plan: { id: smaller }, pending_plan: null, paid_billing_cycles: 2 });
    expect((await paymentsOf(id)).map((payment) => payment.amount)).toEqual([1000, 700]);
    const changed = (await emailsOf(id)).filter((email) => email.kind === "plan_changed");
    expect(changed).toHaveLength(2);
    expect((changed[1].payload as ShopperEmailPayload).subscription?.nextCharge).toMatchObject({
      amount: 700,
      at: created.body.renew_at,
    });
  });

  it("now charges an upgrade's prorated difference once, whatever is repeated; a downgrade credits nothing", async () => {
    const created = await subscribe();
    const id = created.body.id;
    const bigger = await createPlan({ ...MONTHLY, title: "Bigger", plan: { ...MONTHLY.plan, amount: 2000 } });
    const start = new Date(created.body.billing_anchor).getTime();
    const end = new Date(created.body.active_to).getTime();
    // Halfway through the paid period: (2000 − 1000) × ½.
    const half = new Date(start + (end - start) / 2);
    await clock(id, half);
    const headers = { RequestID: `change-${id}` };
    const [upgraded, repeated] = await Promise.all([
      callJson(gateway, `/subscriptions/${id}/change_plan`, {
        shop,
        headers,
        body: { plan: { id: bigger }, proration: "now" },
      }),
      callJson(other, `/subscriptions/${id}/change_plan`, {
        shop,
        headers,
        body: { plan: { id: bigger }, proration: "now" },
      }),
    ]);
    expect(upgraded.status).toBe(200);
    expect(repeated.body).toEqual(upgraded.body);
    expect(upgraded.body).toMatchObject({ plan: { id: bigger }, pending_plan: null });
    const again = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: bigger }, proration: "now" },
    });
    expect(again.status).toBe(200);
    const payments = await paymentsOf(id);
    expect(payments.map((payment) => [payment.amount, payment.status])).toEqual([
      [1000, "successful"],
      [500, "successful"],
    ]);
    const back = await callJson(gateway, `/subscriptions/${id}/change_plan`, {
      shop,
      body: { plan: { id: created.body.plan.id }, proration: "now" },
    });
    expect(back.body.plan.id).toBe(created.body.plan.id);
    expect(await paymentsOf(id)).toHaveLength(2);
    // The next renewal is charged once, at the plan it has then.
    const renewed = await clock(id, new Date(end + 1000));
    expect(renewed.body.paid_billing_cycles).toBe(2);
    expect((await paymentsOf(id)).map((payment) => payment.amount)).toEqual([1000, 500, 1000]);
  });
});

describe("the database's transition guard", () => {
  it("refuses a state move the transition table does not list, whoever writes it", async () => {
    const created = await subscribe();
    await callJson(gateway, `/subscriptions/${created.body.id}/cancel`, {
      shop,
      body: { cancel_reason: "Done" },
    });
    await expect(
      queryRows(
        gateway.runtime.deps.db,
        sql`update subscriptions set state = 'active' where id = ${created.body.id} returning id`,
      ),
    ).rejects.toThrow();
    const [row] = await queryRows<{ state: string }>(
      gateway.runtime.deps.db,
      sql`select state from subscriptions where id = ${created.body.id}`,
    );
    expect(row.state).toBe("canceled");
  });
});

describe("the OpenAPI document", () => {
  it("describes every new route with its request schema", async () => {
    const document = await (await gateway.call("/openapi.json")).json();
    for (const path of [
      "/subscriptions/{id}/change_plan",
      "/subscriptions/{id}/pause",
      "/subscriptions/{id}/resume",
    ]) {
      expect(document.paths[path]?.post?.responses?.["422"], path).toBeDefined();
    }
    expect(document.paths["/subscription_cancels/{token}"]).toMatchObject({
      get: { security: [] },
      post: { security: [] },
    });
    const change = document.components.schemas.SubscriptionChangePlanRequest;
    expect(JSON.stringify(change.properties.proration)).toContain(`"enum":["next_cycle","now"]`);
    expect(document.components.schemas.Subscription.properties).toHaveProperty("cancel_url");
    expect(document.components.schemas.Subscription.properties.state.enum).toContain("paused");
  });
});

describe("the admin's reads", () => {
  it("the timeline lists every event and e-mail in order, with or without a notification_url", async () => {
    const created = await subscribe({ notification_url: null });
    const id = created.body.id;
    await callJson(gateway, `/subscriptions/${id}/pause`, { shop, method: "POST" });
    await callJson(gateway, `/subscriptions/${id}/resume`, { shop, method: "POST" });
    const answer = await callJson(gateway, `/subscriptions/${id}/timeline`, { shop });
    expect(answer.status).toBe(200);
    const entries = answer.body.timeline.map(
      (entry: { type: string; name: string }) => `${entry.type}:${entry.name}`,
    );
    expect(entries).toEqual([
      "event:subscription.created",
      // The first charge's receipt is written with its payment, before the outcome starts the subscription.
      "email:receipt",
      "event:subscription.started",
      "email:subscription_started",
      "event:subscription.paused",
      "email:subscription_paused",
      "event:subscription.resumed",
      "email:subscription_resumed",
    ]);
    expect(answer.body.timeline[4]).toMatchObject({ state: "paused", email_id: null });
    const missing = await callJson(gateway, "/subscriptions/sbs_0000000000000000/timeline", { shop });
    expect(missing.status).toBe(404);
  });

  it("leaves states out of the list on request, and refuses unknown ones", async () => {
    const listed = await callJson(
      gateway,
      "/subscriptions?exclude_state=active,trial,canceled&per_page=500",
      { shop },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { state: string }) => row.state)).not.toContain("active");
    expect(listed.body.map((row: { state: string }) => row.state)).not.toContain("canceled");
    const all = await callJson(gateway, "/subscriptions?per_page=500", { shop });
    expect(all.body.map((row: { state: string }) => row.state)).toContain("active");
    const unknown = await callJson(gateway, "/subscriptions?exclude_state=sleeping", { shop });
    expect(unknown.status).toBe(422);
  });
});
