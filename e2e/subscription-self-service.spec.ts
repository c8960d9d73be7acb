import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { subscriptionCancelLocale } from "../lib/checkout/subscription-cancel/index";
import { signIn } from "./admin-fixtures";
import { basicAuth, DEMO_SHOP_1, expect, test, uniqueAmount } from "./checkout-fixtures";

/** The subscriber's own cancel link, and the merchant's plan change, pause and resume in the admin. */

const headers = { authorization: basicAuth(DEMO_SHOP_1) };

async function subscribe(request: APIRequestContext, language: string, title = "Tea box") {
  // A price of its own (ending in 99, which the sandbox approves) keeps the first charge clear of the duplicate check.
  const amount = Math.floor(uniqueAmount() / 100) * 100 + 99;
  const created = await request.post("/subscriptions", {
    headers,
    data: {
      plan: { title, currency: "EUR", test: true, plan: { amount, interval: 1, interval_unit: "month" } },
      customer: { email: "tea@example.com", ip: "198.51.100.9", first_name: "Ada", last_name: "Lovelace" },
      card: { number: "4200000000000000", verification_value: "123", exp_month: "12", exp_year: "2040" },
      language,
      test: true,
    },
  });
  expect(created.status()).toBe(201);
  return created.json();
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

for (const language of ["de", "ar"] as const) {
  test(`a subscriber cancels through the link in their e-mail, in ${language}, after one confirmation`, async ({
    page,
    request,
  }) => {
    const subscription = await subscribe(request, language);
    const { messages, dir } = subscriptionCancelLocale(language);
    await page.goto(new URL(subscription.cancel_url).pathname);
    await expect(page.getByRole("heading", { level: 1, name: messages.title })).toBeVisible();
    await expect(page.locator(`div[lang="${language}"]`)).toHaveAttribute("dir", dir);
    await expect(page.getByText("Tea box")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: messages.confirm }).click();
    await expect(page.getByRole("heading", { level: 1, name: messages.canceledTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: messages.confirm })).toHaveCount(0);
    const after = await (await request.get(`/subscriptions/${subscription.id}`, { headers })).json();
    expect(after).toMatchObject({ state: "canceled", active_to: subscription.active_to, renew_at: null });
  });
}

test("a forged cancel link is a not-found page that cancels nothing", async ({ page }) => {
  const response = await page.goto(`/subscription/cancel/${"ab".repeat(32)}`);
  expect(response?.status()).toBe(404);
  const { messages } = subscriptionCancelLocale("en");
  await expect(page.getByRole("heading", { level: 1, name: messages.notFoundTitle })).toBeVisible();
});

test("a merchant pauses, resumes and changes a subscription's plan after confirming, and reads its timeline", async ({
  page,
  request,
}) => {
  const subscription = await subscribe(request, "en", "Coffee box");
  const bigger = await request.post("/plans", {
    headers,
    data: {
      title: `Coffee box XL ${uniqueAmount()}`,
      currency: "EUR",
      test: true,
      plan: { amount: 4_000, interval: 1, interval_unit: "month" },
    },
  });
  const plan = await bigger.json();
  await signIn(page);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await page.goto(`/admin/subscriptions/${subscription.id}`);
  await expect(page.getByRole("link", { name: /Ada Lovelace · tea@example\.com/ })).toHaveAttribute(
    "href",
    `/admin/customers/${subscription.customer.id}`,
  );
  await expect(page.locator("#subscription-timeline")).toContainText("subscription.started");

  await page.getByRole("button", { name: "Pause subscription" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Nothing is charged or retried");
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.locator(".admin-details")).toContainText("paused");
  await expect(page.locator("#subscription-timeline")).toContainText("subscription.paused");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Resume subscription" }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.locator("#subscription-timeline")).toContainText("subscription.resumed");

  await page.getByLabel("New plan").selectOption(plan.id);
  await page.getByRole("button", { name: "Change plan" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("from the next renewal");
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.locator(".admin-details")).toContainText(`${plan.title} from the next renewal`);
  const after = await (await request.get(`/subscriptions/${subscription.id}`, { headers })).json();
  expect(after).toMatchObject({ state: "active", pending_plan: { id: plan.id } });
  await expectAccessible(page);
});
