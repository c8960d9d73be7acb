import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, subscriptionCycles } from "@/lib/db/schema";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let seed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

const monthly = (overrides: Record<string, unknown> = {}) => ({
  title: "Magazine",
  currency: "EUR",
  plan: { amount: 999, interval: 1, interval_unit: "month" },
  ...overrides,
});

let cardSeed = 0;
/** A card of its own for each subscription: the first charge meets the 30-second duplicate check. */
function card(number?: string) {
  cardSeed += 1;
  return {
    number: number ?? uniqueVisaNumber(880_000 + cardSeed),
    verification_value: "123",
    holder: "Jane Doe",
    ...futureExpiry(),
  };
}

function newCustomer(overrides: Record<string, unknown> = {}) {
  seed += 1;
  return { email: `subscriber${seed}@example.com`, ip: "203.0.113.7", first_name: "Jane", ...overrides };
}

function subscribe(body: Record<string, unknown>, as: TestShop = shop) {
  return callJson(gateway, "/subscriptions", { shop: as, body });
}

function advance(id: string, to: Date, as: TestShop = shop) {
  return callJson(gateway, `/subscriptions/${id}/test_clock`, {
    shop: as,
    body: { advance_to: to.toISOString() },
  });
}

async function counts(as: TestShop) {
  const [plans, customers, subscriptions] = await Promise.all(
    ["/plans", "/customers", "/subscriptions"].map((path) => callJson(gateway, path, { shop: as })),
  );
  return {
    plans: Number(plans.headers.get("x-total-count")),
    customers: Number(customers.headers.get("x-total-count")),
    subscriptions: Number(subscriptions.headers.get("x-total-count")),
  };
}

async function eventsOf(id: string): Promise<string[]> {
  const rows = await gateway.runtime.deps.db
    .select({ payload: notificationDeliveries.payload, createdAt: notificationDeliveries.createdAt })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.subscriptionId, id));
  return rows.map((row) => (row.payload as JsonBody).event);
}

const DAY = 86_400_000;

describe("plans", () => {
  it("creates a plan with its terms in words and its pay page, and reads it back", async () => {
    const created = await callJson(gateway, "/plans", {
      shop,
      body: monthly({ trial: { amount: 0, interval: 14, interval_unit: "day" } }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Magazine",
      name: "Magazine",
      description: "€9.99 every month, 14 days' trial",
      amount: 999,
      currency: "EUR",
      infinite: true,
      billing_cycles: null,
      number_payment_attempts: 3,
      pay_url: `http://localhost:3999/plans/${created.body.id}/pay`,
    });
    expect(created.body.id).toMatch(/^pln_[0-9a-f]{16}$/);
    expect(created.body.payment_url).toBe(created.body.pay_url);
    const read = await callJson(gateway, `/plans/${created.body.id}`, { shop });
    expect(read.body).toEqual(created.body);
    const list = await callJson(gateway, "/plans?per_page=1", { shop });
    expect(list.body).toHaveLength(1);
    expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
    expect((await callJson(gateway, `/plans/${created.body.id}`, { shop: otherShop })).body).toEqual({
      message: "Record not found",
    });
    expect((await callJson(gateway, "/plans/pln_0000000000000000", { shop })).status).toBe(404);
  });

  it("refuses amounts and intervals that are not positive whole numbers, and unknown units", async () => {
    const refused = await callJson(gateway, "/plans", {
      shop,
      body: { title: "", currency: "EUR", plan: { amount: 0, interval: 1.5, interval_unit: "fortnight" } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      title: ["can't be blank"],
      plan: {
        amount: ["must be greater than 0"],
        interval: ["must be an integer"],
        interval_unit: ["is not included in the list"],
      },
    });
  });
});

describe("subscriptions", () => {
  it("creates its customer and plan, charges billing cycle 1 as a payment naming the subscription", async () => {
    const created = await subscribe({
      plan: monthly(),
      customer: newCustomer(),
      card: card(),
      tracking_id: "order-1",
    });
    expect(created.status).toBe(201);
    const subscription = created.body;
    expect(subscription).toMatchObject({
      state: "active",
      paid_billing_cycles: 1,
      number_failed_payment_attempts: 0,
      tracking_id: "order-1",
      card: { first_1: "4", brand: "visa" },
      last_transaction: { status: "successful" },
    });
    expect(subscription.id).toMatch(/^sbs_[0-9a-f]{16}$/);
    expect(subscription.card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(subscription.renew_at).getTime()).toBe(new Date(subscription.active_to).getTime());
    const payment = await callJson(gateway, `/transactions/${subscription.last_transaction.uid}`, { shop });
    expect(payment.body.transaction).toMatchObject({
      type: "payment",
      status: "successful",
      amount: 999,
      currency: "EUR",
      subscription_id: subscription.id,
    });
    const customer = await callJson(gateway, `/customers/${subscription.customer.id}`, { shop });
    expect(customer.status).toBe(200);
    expect((await callJson(gateway, `/subscriptions/${subscription.id}`, { shop })).body).toMatchObject({
      id: subscription.id,
      state: "active",
    });
    expect((await callJson(gateway, `/subscriptions/${subscription.id}`, { shop: otherShop })).status).toBe(
      404,
    );
  });

  it("writes nothing when any part is refused: plan, customer, subscription are one transaction", async () => {
    const before = await counts(shop);
    const refused = await subscribe({
      plan: monthly(),
      customer: newCustomer({ email: "not-an-address" }),
      card: card(),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ customer: { email: ["is invalid"] } });
    const refusedLater = await subscribe({
      plan: monthly({ plan: { amount: -1, interval: 1, interval_unit: "month" } }),
      customer: newCustomer(),
      card: { ...card(), number: "4200000000000001" },
      // (a number that fails the Luhn check)
    });
    expect(refusedLater.status).toBe(422);
    expect(Object.keys(refusedLater.body.errors).sort()).toEqual(["card", "plan"]);
    // A customer external_id taken meanwhile: the 422 of POST /customers, and no plan left behind.
    await callJson(gateway, "/customers", { shop, body: newCustomer({ external_id: "taken-1" }) });
    const taken = await subscribe({
      plan: monthly(),
      customer: newCustomer({ external_id: "taken-1" }),
      card: card(),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ customer: { external_id: ["has already been taken"] } });
    const after = await counts(shop);
    expect(after).toEqual({ ...before, customers: before.customers + 1 });
  });

  it("refuses a first charge that repeats one of the last 30 seconds, leaving nothing behind", async () => {
    const same = card();
    expect((await subscribe({ plan: monthly(), customer: newCustomer(), card: same })).status).toBe(201);
    const before = await counts(shop);
    const repeated = await subscribe({ plan: monthly(), customer: newCustomer(), card: same });
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toEqual({ base: ["Duplicate transaction"] });
    expect(await counts(shop)).toEqual(before);
  });

  it("answers unknown plan and customer ids and a token without the recurring contract under their fields", async () => {
    const plan = await callJson(gateway, "/plans", { shop: otherShop, body: monthly() });
    const oneclick = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ additional_data: { contract: ["oneclick"] } }),
    );
    const refused = await subscribe({
      plan: { id: plan.body.id },
      customer: { id: "cst_0000000000000000" },
      card: { token: oneclick.body.transaction.credit_card.token },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      plan: { id: ["Plan does not exist."] },
      customer: { id: ["Customer does not exist."] },
      card: { token: ["Token has no recurring contract: a subscription's renewals need one."] },
    });
  });

  it("answers 201 with state failed and the declined first charge", async () => {
    const created = await subscribe({
      plan: monthly({ plan: { amount: 1051, interval: 1, interval_unit: "month" } }),
      customer: newCustomer(),
      card: card(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: "failed",
      paid_billing_cycles: 0,
      renew_at: null,
      last_transaction: { status: "failed", message: "Insufficient funds" },
    });
    expect(await eventsOf(created.body.id)).toEqual([]);
  });

  it("renews once per cycle through the test clock, each renewal its own refundable payment", async () => {
    const created = await subscribe({
      plan: monthly({ billing_cycles: 4 }),
      customer: newCustomer(),
      card: card(),
      test: true,
      notification_url: "https://merchant.example/subscriptions",
    });
    expect(created.body).toMatchObject({ state: "active" });
    const id = created.body.id;
    const start = new Date(created.body.created_at);
    const twoMonths = await advance(id, new Date(start.getTime() + 62 * DAY));
    expect(twoMonths.status).toBe(200);
    expect(twoMonths.body).toMatchObject({ state: "active", paid_billing_cycles: 3 });
    // Moving the clock again to where it is charges nothing more.
    expect((await advance(id, new Date(start.getTime() + 62 * DAY))).body.paid_billing_cycles).toBe(3);
    expect((await advance(id, new Date(start.getTime() - DAY))).body.errors).toEqual({
      advance_to: ["can't be before the subscription's present"],
    });
    const done = await advance(id, new Date(start.getTime() + 400 * DAY));
    expect(done.body).toMatchObject({
      state: "canceled",
      paid_billing_cycles: 4,
      cancel_reason: "Billing cycles are complete",
      renew_at: null,
    });
    const cycles = await gateway.runtime.deps.db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, id));
    expect(cycles.map((cycle) => [cycle.cycleNumber, cycle.state, cycle.attempts]).sort()).toEqual([
      [1, "paid", 1],
      [2, "paid", 1],
      [3, "paid", 1],
      [4, "paid", 1],
    ]);
    const uids = new Set(cycles.map((cycle) => cycle.paidUid));
    expect(uids.size).toBe(4);
    const refund = await callJson(gateway, "/transactions/refunds", {
      shop,
      body: { request: { parent_uid: cycles[1].paidUid, amount: 999, reason: "goodwill" } },
    });
    expect(refund.body.transaction.status).toBe("successful");
    // The first paid cycle starts it; the renewals are the cycles after it.
    expect(await eventsOf(id)).toEqual([
      "subscription.created",
      "subscription.started",
      "subscription.renewed",
      "subscription.renewed",
      "subscription.renewed",
      "subscription.canceled",
    ]);
  });

  it("retries a soft decline the next day up to the plan's attempts, then fails", async () => {
    const created = await subscribe({
      plan: monthly({ trial: { amount: 0, interval: 7, interval_unit: "day" }, number_payment_attempts: 3 }),
      customer: newCustomer(),
      card: card("4005550000000027"),
      test: true,
    });
    expect(created.body).toMatchObject({ state: "trial", paid_billing_cycles: 0, last_transaction: null });
    const trialEnd = new Date(created.body.renew_at);
    const first = await advance(created.body.id, new Date(trialEnd.getTime() + 1000));
    expect(first.body).toMatchObject({
      state: "failed_attempt",
      number_failed_payment_attempts: 1,
      last_transaction: { status: "failed", message: "Insufficient funds" },
    });
    expect(new Date(first.body.renew_at).getTime()).toBe(trialEnd.getTime() + DAY);
    const second = await advance(created.body.id, new Date(trialEnd.getTime() + DAY + 1000));
    expect(second.body).toMatchObject({ state: "rescuing", number_failed_payment_attempts: 2 });
    const last = await advance(created.body.id, new Date(trialEnd.getTime() + 30 * DAY));
    expect(last.body).toMatchObject({ state: "failed", number_failed_payment_attempts: 3, renew_at: null });
  });

  it("never retries a hard decline, and ends in error after processor errors", async () => {
    const stolen = await subscribe({
      plan: monthly({ trial: { amount: 0, interval: 1, interval_unit: "day" } }),
      customer: newCustomer(),
      card: card("4005550000000050"),
      test: true,
    });
    const hard = await advance(stolen.body.id, new Date(Date.now() + 10 * DAY));
    expect(hard.body).toMatchObject({
      state: "failed",
      number_failed_payment_attempts: 1,
      last_transaction: { message: "Lost or stolen card" },
    });
    const erring = await subscribe({
      plan: monthly({
        trial: { amount: 100, interval: 1, interval_unit: "day", as_first_payment: true },
        plan: { amount: 1096, interval: 1, interval_unit: "month" },
        number_payment_attempts: 2,
      }),
      customer: newCustomer(),
      card: card(),
      test: true,
    });
    expect(erring.body).toMatchObject({ state: "trial", paid_billing_cycles: 1 });
    const ended = await advance(erring.body.id, new Date(Date.now() + 3 * DAY));
    expect(ended.body).toMatchObject({ state: "error", number_failed_payment_attempts: 2 });
  });

  it("cancels once, keeps the paid-up date and charges nothing after", async () => {
    const created = await subscribe({ plan: monthly(), customer: newCustomer(), card: card(), test: true });
    const id = created.body.id;
    const noReason = await callJson(gateway, `/subscriptions/${id}/cancel`, { shop, body: {} });
    expect(noReason.body.errors).toEqual({ cancel_reason: ["can't be blank"] });
    const canceled = await callJson(gateway, `/subscriptions/${id}/cancel`, {
      shop,
      body: { cancel_reason: "moving abroad" },
    });
    expect(canceled.body).toMatchObject({
      state: "canceled",
      cancel_reason: "moving abroad",
      active_to: created.body.active_to,
      renew_at: null,
    });
    const again = await callJson(gateway, `/subscriptions/${id}/cancel`, {
      shop,
      body: { cancel_reason: "x" },
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: "Subscription is already canceled",
      errors: { subscription: ["is already canceled"] },
    });
    const later = await advance(id, new Date(Date.now() + 400 * DAY));
    expect(later.body).toMatchObject({ state: "canceled", paid_billing_cycles: 1 });
    const [{ n }] = await gateway.runtime.deps.db
      .select({ n: count() })
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, id));
    expect(n).toBe(1);
    const liveShop = await gateway.createShop({}, "Live Shop", { test: false });
    const live = await subscribe({ plan: monthly(), customer: newCustomer(), card: card() }, liveShop);
    expect(live.body).toMatchObject({ state: "active", test: false });
    const refused = await advance(live.body.id, new Date(Date.now() + DAY), liveShop);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ advance_to: ["is only for test subscriptions"] });
  });

  it("filters the list by state, customer and plan", async () => {
    const customer = await callJson(gateway, "/customers", { shop, body: newCustomer() });
    const plan = await callJson(gateway, "/plans", { shop, body: monthly() });
    await subscribe({ plan: { id: plan.body.id }, customer: { id: customer.body.id }, card: card() });
    const byCustomer = await callJson(gateway, `/subscriptions?customer_id=${customer.body.id}`, { shop });
    expect(byCustomer.body).toHaveLength(1);
    expect(byCustomer.body[0].plan.id).toBe(plan.body.id);
    const byPlan = await callJson(gateway, `/subscriptions?plan_id=${plan.body.id}&state=active`, { shop });
    expect(byPlan.body).toHaveLength(1);
    expect((await callJson(gateway, "/subscriptions?state=sleeping", { shop })).status).toBe(422);
  });
});
