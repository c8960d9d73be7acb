import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_EMAIL_BLANK } from "@/lib/contracts/messages";
import { LINK_MESSAGES } from "@/lib/gateway/products/pages/link-messages";
import { merchantCheckout, shopperCheckout, typedCardAttempt } from "../checkout-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";

/** A plan's pay_url: each visit opens a redirecting subscription's hosted page; paying it makes the customer. */

let gateway: TestGateway;
let shop: TestShop;
let seed = 8_800_001;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({}, "Plan Shop");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

async function createPlan(body: Record<string, unknown> = {}): Promise<JsonBody> {
  const response = await callJson(gateway, "/plans", {
    shop,
    body: {
      title: "Coffee club",
      currency: "EUR",
      plan: { amount: 999, interval: 1, interval_unit: "month" },
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A visit as a browser makes it (no credentials), not following the redirect. */
function visit(path: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}${path}`, { headers, redirect: "manual" }).then(async (response) => ({
    status: response.status,
    location: response.headers.get("location"),
    text: response.status === 303 ? "" : await response.text(),
  }));
}

const tokenOf = (location: string | null) =>
  /(?:\/checkout\/|token=)([0-9a-f]{64})$/.exec(location ?? "")?.[1] ?? "";

async function subscriptionsOf(planId: string): Promise<JsonBody[]> {
  const response = await callJson(gateway, `/subscriptions?plan_id=${planId}`, { shop });
  expect(response.status).toBe(200);
  return response.body;
}

describe("GET /plans/{id}/pay", () => {
  it("opens a redirecting subscription's page each visit; paying it makes the customer and activates it", async () => {
    const plan = await createPlan();
    expect(plan.pay_url).toBe(`http://localhost:3999/plans/${plan.id}/pay`);
    const first = await visit(`/plans/${plan.id}/pay?lang=de`);
    const second = await visit(`/plans/${plan.id}/pay`, { "accept-language": "ar" });
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const token = tokenOf(first.location);
    expect(token).not.toBe("");
    expect(tokenOf(second.location)).not.toBe(token);

    const session = await merchantCheckout(gateway, shop, token);
    expect(session).toMatchObject({
      transaction_type: "payment",
      order: { amount: 999, currency: "EUR", additional_data: { contract: ["recurring"] } },
      settings: {
        language: "de",
        customer_fields: { visible: ["email", "first_name", "last_name"] },
        save_card_toggle: { display: false },
      },
    });
    expect((await merchantCheckout(gateway, shop, tokenOf(second.location))).settings.language).toBe("ar");

    const waiting = await subscriptionsOf(plan.id);
    expect(waiting).toHaveLength(2);
    for (const row of waiting)
      expect(row).toMatchObject({ state: "redirecting", customer: null, card: null });

    // A subscription's page authenticates the card with 3-D Secure: the sandbox issuer's frictionless Visa passes.
    const paid = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: "4012000000001006" },
      request: {
        customer: { email: "ada@example.com" },
        billing_address: { first_name: "Ada", last_name: "Lovelace" },
      },
    });
    expect(paid.body.transaction.status).toBe("successful");
    const opened = waiting.find((row) => tokenOf(row.redirect_url) === token);
    expect(opened).toBeDefined();
    const active = await callJson(gateway, `/subscriptions/${opened?.id}`, { shop });
    expect(active.body).toMatchObject({ state: "active", paid_billing_cycles: 1, language: "de" });
    expect(active.body.card.token).toMatch(/^[0-9a-f]{64}$/);
    const customer = await callJson(gateway, `/customers/${active.body.customer.id}`, { shop });
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
    });

    // The other visit's subscription still waits, with no customer.
    const other = waiting.find((row) => row.id !== opened?.id);
    expect((await callJson(gateway, `/subscriptions/${other?.id}`, { shop })).body).toMatchObject({
      state: "redirecting",
      customer: null,
    });
  });

  it("stores the card for a free trial and starts the trial with the shopper's customer", async () => {
    const plan = await createPlan({ trial: { amount: 0, interval: 14, interval_unit: "day" } });
    const opened = await visit(`/plans/${plan.id}/pay`);
    const token = tokenOf(opened.location);
    expect((await merchantCheckout(gateway, shop, token)).transaction_type).toBe("tokenization");
    // The page reads the plan's terms, to say them in words before the button, with the card-keeping notice.
    expect(await shopperCheckout(gateway, token)).toMatchObject({
      keeps_card: true,
      subscription_terms: {
        amount: 999,
        currency: "EUR",
        interval: 1,
        interval_unit: "month",
        trial: { amount: 0, interval: 14, interval_unit: "day" },
      },
    });
    const stored = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: "5204240000015003" },
      request: { customer: { email: "grace@example.com" } },
    });
    expect(stored.body.transaction.status).toBe("successful");
    const [row] = await subscriptionsOf(plan.id);
    const trial = await callJson(gateway, `/subscriptions/${row.id}`, { shop });
    expect(trial.body).toMatchObject({ state: "trial", paid_billing_cycles: 0 });
    const customer = await callJson(gateway, `/customers/${trial.body.customer.id}`, { shop });
    expect(customer.body.email).toBe("grace@example.com");
    // Its start is an event (in the log: a plan link's subscription has no notification_url).
    const events = gateway.logs
      .map((line) => JSON.parse(line) as { msg?: string; subscriptionId?: string; event?: string })
      .filter((line) => line.msg === "subscription event" && line.subscriptionId === row.id);
    expect(events.map((line) => line.event)).toEqual(["subscription.started"]);
  });

  it("leaves a declined page's subscription failed and without a customer", async () => {
    const plan = await createPlan();
    const opened = await visit(`/plans/${plan.id}/pay`);
    const token = tokenOf(opened.location);
    // Cards the sandbox issuer does not authenticate (3-D Secure U, R, N): every attempt fails.
    for (const number of ["4012000000001022", "4012000000001030", "4012000000001014"]) {
      const declined = await typedCardAttempt(gateway, token, {
        seed: seed++,
        card: { number },
        request: { customer: { email: "declined@example.com" } },
      });
      expect(declined.body.transaction?.status, JSON.stringify(declined.body)).toBe("failed");
    }
    const [row] = await subscriptionsOf(plan.id);
    const failed = await callJson(gateway, `/subscriptions/${row.id}`, { shop });
    expect(failed.body).toMatchObject({ state: "failed", customer: null });
  });

  it("requires the shopper's e-mail: the page asks for it, and an attempt without one is refused beside the field", async () => {
    // Prices of their own: the sandbox's frictionless card is the one the other tests pay with.
    const plan = await createPlan({ plan: { amount: 1999, interval: 1, interval_unit: "month" } });
    const opened = await visit(`/plans/${plan.id}/pay?lang=fr`);
    const token = tokenOf(opened.location);
    const view = await shopperCheckout(gateway, token);
    expect(view.customer_fields).toMatchObject({
      visible: ["email", "first_name", "last_name"],
      required: ["email"],
    });
    for (const customer of [undefined, { email: "" }, { email: "   " }]) {
      const refused = await typedCardAttempt(gateway, token, {
        seed: seed++,
        card: { number: "4012000000001006" },
        request: { ...(customer ? { customer } : {}), billing_address: { first_name: "Ada" } },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ customer: { email: [SUBSCRIPTION_EMAIL_BLANK] } });
    }
    // Nothing was charged and no attempt was used: the subscription still waits for its first payment.
    expect((await shopperCheckout(gateway, token)).attempts_left).toBe(view.attempts_left);
    const [row] = await subscriptionsOf(plan.id);
    expect(row).toMatchObject({ state: "redirecting", customer: null, last_transaction: null });
    const paid = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: "4012000000001006" },
      request: { customer: { email: "ada@example.com" } },
    });
    expect(paid.body.transaction.status).toBe("successful");
    const active = await callJson(gateway, `/subscriptions/${row.id}`, { shop });
    expect(active.body.state).toBe("active");
    expect((await callJson(gateway, `/customers/${active.body.customer.id}`, { shop })).body.email).toBe(
      "ada@example.com",
    );
  });

  it("asks no e-mail of a subscription's page whose customer is already known, nor of an ordinary checkout", async () => {
    const created = await callJson(gateway, "/subscriptions", {
      shop,
      body: {
        plan: { id: (await createPlan({ plan: { amount: 2999, interval: 1, interval_unit: "month" } })).id },
        customer: { email: "known@example.com", ip: "203.0.113.9" },
      },
    });
    expect(created.body.state).toBe("redirecting");
    const token = tokenOf(created.body.redirect_url);
    expect((await shopperCheckout(gateway, token)).customer_fields.required).toEqual([]);
    const paid = await typedCardAttempt(gateway, token, {
      seed: seed++,
      card: { number: "4012000000001006" },
    });
    expect(paid.body.transaction?.status, JSON.stringify(paid.body)).toBe("successful");
  });

  it("is a 404 page in the shopper's language for an unknown or malformed plan id", async () => {
    for (const path of ["/plans/pln_0000000000000000/pay", "/plans/nonsense/pay"]) {
      const response = await visit(path, { "accept-language": "fr-CH, fr;q=0.9" });
      expect(response.status, path).toBe(404);
      expect(response.text).toContain('<html lang="fr" dir="ltr">');
      expect(response.text).toContain(LINK_MESSAGES.fr.notFoundHeading);
    }
    const inHebrew = await visit("/plans/pln_0000000000000000/pay?lang=he");
    expect(inHebrew.text).toContain('<html lang="he" dir="rtl">');
  });

  it("gives no subscription terms to an ordinary checkout's page", async () => {
    const created = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "payment",
          order: { amount: 500, currency: "EUR", description: "Tea" },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = await shopperCheckout(gateway, created.body.checkout.token);
    expect(view.subscription_terms).toBeNull();
  });

  it("still needs the shop's credentials for the plan itself", async () => {
    const plan = await createPlan();
    const anonymous = await fetch(`${gateway.url}/plans/${plan.id}`);
    expect(anonymous.status).toBe(401);
  });
});
