import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createCustomer, expect, test, tokenize, uniqueSuffix } from "./admin-fixtures";

const PAGES = [
  { path: "/admin", heading: "Dashboard" },
  { path: "/admin/transactions", heading: "Transactions" },
  { path: "/admin/customers", heading: "Customers" },
  { path: "/admin/customers/new", heading: "New customer" },
  { path: "/admin/checkouts", heading: "Checkout sessions" },
  { path: "/admin/settings", heading: "Settings" },
];

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user walks to it. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((node) => node === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Waits until a page's data has loaded (no "Loading …" status left), so axe sees the real content. */
async function settled(page: import("@playwright/test").Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test("axe finds no violations on the sign-in page", async ({ page }) => {
  await page.goto("/admin/sign-in");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

for (const { path, heading } of PAGES) {
  test(`axe finds no violations on ${path}, and the CSP blocks nothing of its own`, async ({
    signedIn: page,
  }) => {
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await settled(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    expect(blocked).toEqual([]);
  });
}

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ["255", "255", "255"]).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test("the area is dark when the browser asks for it, every page with no axe violation", async ({
  signedIn: page,
}) => {
  // Twelve pages, each with a full axe run: about a minute on a quiet machine, near the default limit under load.
  test.slow();
  await page.emulateMedia({ colorScheme: "dark" });
  const paths = [
    ...PAGES.map(({ path }) => path),
    "/admin/subscriptions",
    "/admin/plans",
    "/admin/products",
    "/admin/emails",
    "/admin/disputes",
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await settled(page);
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    expect(luminance(colours.page), path).toBeLessThan(0.05);
    expect(luminance(colours.text), path).toBeGreaterThan(0.6);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, path).toEqual([]);
  }
});

test("axe finds no violations on a transaction's page", async ({ signedIn: page, request }) => {
  const { uid } = await tokenize(request, { trackingId: `a11y-${uniqueSuffix()}` });
  await page.goto(`/admin/transactions/${uid}`);
  await expect(page.getByRole("heading", { level: 2, name: "Webhook deliveries" })).toBeVisible();
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("a transaction's page leads with its amount, status and action, then its customer; axe clean at 375 px", async ({
  signedIn: page,
  request,
}) => {
  const email = `head-${uniqueSuffix()}@example.com`;
  const { uid } = await tokenize(request, { trackingId: `head-${uniqueSuffix()}`, email });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/admin/transactions/${uid}`);
    await settled(page);
    const head = page.locator(".admin-transaction-head");
    await expect(head.locator(".admin-transaction-head__amount")).toHaveText("Card check, no charge");
    await expect(head).toContainText("successful");
    await expect(head).toBeInViewport();
    const customer = page.getByRole("region", { name: "Customer" });
    await expect(customer.getByRole("link", { name: email })).toHaveAttribute(
      "href",
      `/admin/customers?${new URLSearchParams({ email })}`,
    );
    await expect(page.getByRole("button", { name: `Copy transaction id ${uid}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}`).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  }
});

test("axe finds no violations on a customer's page", async ({ signedIn: page, request }) => {
  const customer = await createCustomer(request, {
    email: `a11y-${uniqueSuffix()}@example.com`,
    first_name: "Alan",
    last_name: "Turing",
    country: "GB",
    city: "Manchester",
  });
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Customer" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: customer.email })).toBeVisible();
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("axe finds no violations in the dashboard's chart and its data table", async ({
  signedIn: page,
  request,
}) => {
  // A tokenization today, so the chart has a bar and a rate point rather than an empty plot.
  await tokenize(request, { trackingId: `a11y-${uniqueSuffix()}` });
  await page.reload();
  await settled(page);
  const chart = page.getByRole("img", { name: "Tokenizations per day and success rate" });
  await expect(chart).toBeVisible();
  await page.getByText("The numbers as a table").click();
  const table = page.getByRole("table", { name: "Tokenizations per day" });
  await expect(table.getByRole("row")).toHaveCount(15);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("on a 375 px phone screen nothing overflows sideways and the navigation stays usable", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/admin/sign-in");
  await page.getByLabel("Shop id").fill("1");
  await page.getByLabel("Secret key").fill("demo_secret_key_shop_1_without_3ds");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    // The navigation folds behind "Menu"; opened, every entry is on screen and big enough to tap.
    const menu = page.locator(".admin-nav__menu");
    if ((await menu.getAttribute("open")) === null) await page.getByText("Menu", { exact: true }).tap();
    for (const link of await page.getByRole("navigation", { name: "Admin" }).getByRole("link").all()) {
      const box = await link.boundingBox();
      expect(box, path).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375, path).toBe(true);
      expect(box?.height ?? 0, path).toBeGreaterThanOrEqual(44);
    }
  }
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).tap();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await context.close();
});

test("the admin area works from the keyboard alone", async ({ page }) => {
  await page.goto("/admin/sign-in");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Shop id")).toBeFocused();
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Secret key")).toBeFocused();
  await page.keyboard.type("demo_secret_key_shop_1_without_3ds");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);

  // First stop: the skip link, which moves focus past the navigation.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#admin-main")).toBeFocused();

  // Then through the navigation to Customers, and the current page is marked.
  await page.goto("/admin");
  const customers = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" });
  for (
    let presses = 0;
    presses < 10 && !(await customers.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(customers).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(customers).toHaveAttribute("aria-current", "page");
});

test("a customer is created from the keyboard, the error summary's link leading to the field", async ({
  signedIn: page,
}) => {
  await page.goto("/admin/customers/new");
  await expect(page.getByRole("heading", { level: 1, name: "New customer" })).toBeVisible();
  const email = page.getByLabel("E-mail");
  const ip = page.getByLabel("IP address");
  await tabTo(page, ip);
  await page.keyboard.type("203.0.113.50");
  // Submitted with the keyboard on the button, the e-mail still empty.
  await tabTo(page, page.getByRole("button", { name: "Create customer" }));
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "The form could not be saved" });
  await expect(summary).toBeFocused();
  // The summary's first stop is its link; Enter on it puts the cursor in the field it names.
  await page.keyboard.press("Tab");
  const link = summary.getByRole("link", { name: "Email can't be blank" });
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(email).toBeFocused();
  const address = `keys-${uniqueSuffix()}@example.com`;
  await page.keyboard.type(address);
  // Enter in a field submits the form.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/customers\/cst_[0-9a-f]{16}\?created=1$/);
  await expect(page.getByRole("heading", { level: 2, name: address })).toBeVisible();
});

test("a transaction is searched, opened and its webhook re-sent from the keyboard", async ({
  signedIn: page,
  request,
  webhookReceiver,
}) => {
  const trackingId = `keys-${uniqueSuffix()}`;
  const { uid } = await tokenize(request, { trackingId, notificationUrl: webhookReceiver.url });
  await webhookReceiver.waitForCount(1);

  await page.goto("/admin/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  const search = page.getByRole("search", { name: "Transactions" });
  await tabTo(page, search.getByLabel("Tracking id"));
  await page.keyboard.type(trackingId);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`tracking_id=${trackingId}`));
  const table = page.getByRole("table", { name: "Transactions, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);

  await tabTo(page, table.getByRole("link", { name: uid }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${uid}$`));

  const deliveries = page.getByRole("region", { name: "Webhook deliveries" });
  await expect(deliveries.getByRole("article")).toHaveCount(1);
  await tabTo(page, deliveries.getByRole("button", { name: "Re-send webhook" }));
  await page.keyboard.press("Enter");
  await expect(deliveries.getByRole("status").filter({ hasText: "queued to be sent again" })).toBeVisible();
  const received = await webhookReceiver.waitForCount(2);
  expect(JSON.parse(received[1].body).transaction.uid).toBe(uid);
  await expect(deliveries.getByRole("article")).toHaveCount(2);

  // Space works on the button too, as on any button.
  await tabTo(page, deliveries.getByRole("button", { name: "Re-send webhook" }));
  await page.keyboard.press("Space");
  await webhookReceiver.waitForCount(3);
  await expect(deliveries.getByRole("article")).toHaveCount(3);
});
