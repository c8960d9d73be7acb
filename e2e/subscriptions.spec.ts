import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { formatAmount, formatDateTime } from "../lib/admin/format";
import { getCheckoutMessages } from "../lib/checkout/messages/index";
import { subscriptionTermsText } from "../lib/checkout/subscription-terms";
import { formatAmount as checkoutAmount } from "../lib/contracts/format-amount";
import type { Language } from "../lib/contracts/languages";
import { ISSUER_MESSAGES } from "../lib/gateway/three-d-secure/pages/issuer-messages";
import { signIn } from "./admin-fixtures";
import {
  basicAuth,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  type DemoShop,
  expect,
  futureExpiry,
  test,
  uniqueAmount,
} from "./checkout-fixtures";

/** Subscriptions: a shopper subscribes through a plan's pay link with 3-D Secure; the merchant's plans and cancel. */

async function createPlan(request: APIRequestContext, shop: DemoShop, body: Record<string, unknown>) {
  const response = await request.post("/plans", { headers: { authorization: basicAuth(shop) }, data: body });
  expect(response.status()).toBe(201);
  return response.json();
}

async function subscriptionsOf(request: APIRequestContext, shop: DemoShop, planId: string) {
  const response = await request.get(`/subscriptions?plan_id=${planId}`, {
    headers: { authorization: basicAuth(shop) },
  });
  return response.json();
}

/** An amount in euros as the checkout page writes it in `language`. */
const formatAmountIn = (minor: number, language: Language) => checkoutAmount(minor, "EUR", language);

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

for (const language of ["de", "ar"] as const satisfies readonly Language[]) {
  test(`a shopper subscribes through a plan's pay link in ${language}, with a 3-D Secure challenge`, async ({
    page,
    request,
  }) => {
    const amount = uniqueAmount();
    const plan = await createPlan(request, DEMO_SHOP_2, {
      title: "Tea club",
      currency: "EUR",
      plan: { amount, interval: 1, interval_unit: "month" },
    });
    const messages = getCheckoutMessages(language);
    await page.goto(`${new URL(plan.pay_url).pathname}?lang=${language}`);
    await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    // The plan's terms in words, before the button, with the note that the card is kept.
    const terms = subscriptionTermsText(language, {
      amount,
      currency: "EUR",
      interval: 1,
      interval_unit: "month",
      trial: null,
    });
    await expect(page.locator("#stored-credential-notice")).toContainText(terms);
    // And in the order, beside (or above) the form, under the amount.
    await expect(page.locator(".checkout-layout__order .order-summary__terms")).toHaveText(terms);
    await expectAccessible(page);

    await page.getByLabel(messages.fields.email.label).fill(`tea-${amount}@example.com`);
    await page.getByLabel(messages.fields.number.label, { exact: true }).fill("4012000000001097");
    await page.getByLabel(messages.fields.expiry.label, { exact: true }).fill(futureExpiry());
    await page.getByLabel(messages.fields.verification_value.label, { exact: true }).fill("123");
    const [before, after] = messages.actions.payButton.split("{amount}").map((part) => part.trim());
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await page
      .getByRole("button", {
        name: before ? new RegExp(`^${literal(before)} `) : new RegExp(` ${literal(after)}$`),
      })
      .click();

    const issuer = ISSUER_MESSAGES[language];
    await page.waitForURL(/\/gateway\/process\//);
    await expect(page.getByRole("heading", { name: issuer.heading })).toBeVisible();
    const code = (await page.locator("#test-code strong").textContent()) ?? "";
    await page.getByLabel(issuer.codeLabel).fill(code);
    await page.getByRole("button", { name: issuer.submit }).click();
    await page.waitForURL(/\/checkout\/[^/]+\/result$/);
    await expect(page.getByRole("heading", { name: messages.status.paidTitle })).toBeVisible();

    // The scheduler settles the page's payment: an active subscription with the shopper as its customer.
    await expect
      .poll(async () => (await subscriptionsOf(request, DEMO_SHOP_2, plan.id))[0]?.state, { timeout: 60_000 })
      .toBe("active");
    const [subscription] = await subscriptionsOf(request, DEMO_SHOP_2, plan.id);
    expect(subscription.customer?.id).toMatch(/^cst_/);
    expect(subscription.card.last_4).toBe("1097");
  });
}

test("a free trial's page says nothing is due today and when the first charge falls, in ar too", async ({
  page,
  request,
}) => {
  const amount = uniqueAmount();
  const plan = await createPlan(request, DEMO_SHOP_1, {
    title: "Reading room",
    currency: "EUR",
    plan: { amount, interval: 1, interval_unit: "month" },
    trial: { amount: 0, interval: 14, interval_unit: "day" },
  });
  for (const language of ["en", "ar"] as const) {
    const messages = getCheckoutMessages(language);
    await page.goto(`${new URL(plan.pay_url).pathname}?lang=${language}`);
    await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
    const order = page.locator(".checkout-layout__order");
    await expect(order.locator('[data-due="today"]')).toHaveText(
      messages.page.dueToday.replace("{amount}", formatAmountIn(0, language)),
    );
    await expect(order.locator('[data-due="first-charge"]')).toContainText(formatAmountIn(amount, language));
    // The plan's price is never the order's amount, nor on the button.
    await expect(order.locator(".order-summary__amount:not([data-due])")).toHaveCount(0);
    await expect(page.getByRole("button", { name: messages.actions.startTrial, exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});

test("a merchant creates a plan and cancels a subscription after confirming", async ({ page, request }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Plans" }).click();
  await page.getByRole("link", { name: "New plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New plan" })).toBeVisible();
  // A price with too many decimals is refused beside the field, before the gateway is asked.
  const title = `Flower box ${uniqueAmount()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("12.345");
  await page.getByRole("button", { name: "Create plan" }).click();
  await expect(page.locator("#plan-amount-error")).toContainText("more than 2 decimals");
  await expectAccessible(page);
  // The refused form starts again empty: fill it anew.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("12.50");
  await page.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Plan created" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("12.50");
  await expectAccessible(page);

  const [plan] = (
    await (await request.get("/plans", { headers: { authorization: basicAuth(DEMO_SHOP_1) } })).json()
  ).filter((row: { title: string }) => row.title === title);
  const created = await request.post("/subscriptions", {
    headers: { authorization: basicAuth(DEMO_SHOP_1) },
    data: {
      plan: { id: plan.id },
      customer: { email: "flowers@example.com", ip: "198.51.100.9" },
      card: { number: "4200000000000000", verification_value: "123", exp_month: "12", exp_year: "2040" },
    },
  });
  expect(created.status()).toBe(201);
  const subscription = await created.json();
  expect(subscription.state).toBe("active");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscriptions" }).click();
  await page.getByLabel("State").selectOption("active");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: subscription.id }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(page.locator("#card-update-link")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Reason for canceling").fill("Customer moved abroad");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Cancel this subscription?");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  // The page reloads its record: canceled, with the reason, and nothing left to cancel.
  await expect(page.locator(".admin-details")).toContainText("Customer moved abroad");
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  await expect
    .poll(async () => {
      const response = await request.get(`/subscriptions/${subscription.id}`, {
        headers: { authorization: basicAuth(DEMO_SHOP_1) },
      });
      return (await response.json()).cancel_reason;
    })
    .toBe("Customer moved abroad");
});

test("a subscription's page lists its renewals and the next one after its test clock moves", async ({
  page,
  request,
}) => {
  const headers = { authorization: basicAuth(DEMO_SHOP_1) };
  // A price of its own (ending in 99, which the sandbox approves) keeps the first charge clear of the duplicate check.
  const amount = Math.floor(uniqueAmount() / 100) * 100 + 99;
  const created = await request.post("/subscriptions", {
    headers,
    data: {
      plan: {
        title: "Seed box",
        currency: "EUR",
        test: true,
        plan: { amount, interval: 1, interval_unit: "month" },
      },
      customer: { email: "seeds@example.com", ip: "198.51.100.9" },
      card: { number: "4200000000000000", verification_value: "123", exp_month: "12", exp_year: "2040" },
      test: true,
    },
  });
  expect(created.status()).toBe(201);
  const subscription = await created.json();
  expect(subscription.state).toBe("active");

  await signIn(page);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await page.goto(`/admin/subscriptions/${subscription.id}`);
  const payments = page.locator("#subscription-payments tbody tr");
  await expect(payments).toHaveCount(1);
  await expect(page.locator("#next-renewal")).toContainText(formatAmount(amount, "EUR"));

  const advanced = await request.post(`/subscriptions/${subscription.id}/test_clock`, {
    headers,
    data: { advance_to: new Date(new Date(subscription.renew_at).getTime() + 60_000).toISOString() },
  });
  expect(advanced.status()).toBe(200);
  const renewed = await advanced.json();
  expect(renewed.paid_billing_cycles).toBe(2);

  await page.reload();
  await expect(payments).toHaveCount(2);
  // Newest first: the renewal, billing cycle 2, links to its transaction.
  const renewal = payments.first();
  await expect(renewal.getByRole("link", { name: renewed.last_transaction.uid })).toHaveAttribute(
    "href",
    `/admin/transactions/${renewed.last_transaction.uid}`,
  );
  await expect(renewal.locator("td").first()).toHaveText("2");
  await expect(renewal).toContainText(formatAmount(amount, "EUR"));
  await expect(payments.last().locator("td").first()).toHaveText("1");
  await expect(page.locator("#next-renewal")).toContainText(formatDateTime(renewed.renew_at));

  // An upgrade now charges its prorated difference: a payment for no billing cycle, named as the change it paid.
  const bigger = await request.post("/plans", {
    headers,
    data: {
      test: true,
      title: "Bigger seed box",
      currency: "EUR",
      plan: { amount: amount + 1000, interval: 1, interval_unit: "month" },
    },
  });
  expect(bigger.status()).toBe(201);
  const changed = await request.post(`/subscriptions/${subscription.id}/change_plan`, {
    headers,
    data: { plan: { id: (await bigger.json()).id }, proration: "now" },
  });
  expect(changed.status()).toBe(200);
  await page.reload();
  await expect(payments).toHaveCount(3);
  await expect(payments.first().locator("td").first()).toHaveText("Plan change");
  await expect(payments.nth(1).locator("td").first()).toHaveText("2");
  await expectAccessible(page);
});
