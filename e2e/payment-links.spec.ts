import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { getCheckoutMessages } from "../lib/checkout/messages/index";
import { LINK_MESSAGES } from "../lib/gateway/products/pages/link-messages";
import { signIn } from "./admin-fixtures";
import { basicAuth, DEMO_SHOP_1, expect, futureExpiry, test, uniqueAmount } from "./checkout-fixtures";

/** Payment links: a shopper pays through one, a sold-out or deactivated one says so, the merchant makes one. */

async function createProduct(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post("/products", {
    headers: { authorization: basicAuth(DEMO_SHOP_1) },
    data: { name: "Lantern", description: "A paper lantern", currency: "JPY", ...body },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function readProduct(request: APIRequestContext, id: string) {
  const response = await request.get(`/products/${id}`, {
    headers: { authorization: basicAuth(DEMO_SHOP_1) },
  });
  return response.json();
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

test("a shopper pays through a link in Japanese, and the link then says it is sold out", async ({
  page,
  request,
}) => {
  const product = await createProduct(request, { amount: uniqueAmount(), quantity: 1, language: "ja" });
  const ja = getCheckoutMessages("ja");

  await page.goto(new URL(product.pay_url).pathname);
  await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1, name: ja.page.title })).toBeVisible();
  await page.getByLabel(ja.fields.number.label, { exact: true }).fill("4200000000000000");
  await page.getByLabel(ja.fields.expiry.label, { exact: true }).fill(futureExpiry());
  await page.getByLabel(ja.fields.verification_value.label, { exact: true }).fill("123");
  const [before, after] = ja.actions.payButton.split("{amount}").map((part) => part.trim());
  const pay = before ? new RegExp(`^${before} `) : new RegExp(` ${after}$`);
  await page.getByRole("button", { name: pay }).click();
  await expect(page.getByRole("heading", { name: ja.status.paidTitle })).toBeVisible();
  await expect.poll(async () => (await readProduct(request, product.id)).sold).toBe(1);

  // The only unit is sold: the link now says so, in the shopper's language, instead of opening a checkout.
  await page.goto(new URL(product.pay_url).pathname);
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/pay$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1, name: LINK_MESSAGES.ja.soldOutHeading })).toBeVisible();
  await expect(page.getByText(LINK_MESSAGES.ja.soldOutText)).toBeVisible();

  // The merchant sees the payment on the product's page in the admin.
  const merchant = await page.context().newPage();
  await signIn(merchant);
  await expect(merchant).toHaveURL(/\/admin$/);
  await merchant.goto(`/admin/products/${product.id}`);
  const payments = merchant.getByRole("table", {
    name: "Payments through this product's link, newest first",
  });
  await expect(payments.getByRole("row")).toHaveCount(2);
  const row = payments.getByRole("row").nth(1);
  await expect(row.getByText("successful", { exact: true })).toBeVisible();
  await expect(row).toContainText("•••• 0000");
});

test.describe("a sold-out link in Arabic, dark", () => {
  test.use({ colorScheme: "dark", viewport: { width: 320, height: 640 } });

  test("is right to left, readable and accessible", async ({ page, request }) => {
    const product = await createProduct(request, { amount: uniqueAmount(), quantity: 0 });
    await page.goto(`/products/${product.id}/pay?lang=ar`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(
      page.getByRole("heading", { level: 1, name: LINK_MESSAGES.ar.soldOutHeading }),
    ).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(17, 19, 24)");
    await expect(page.locator(".trust")).toHaveText(LINK_MESSAGES.ar.securedBy);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await expectAccessible(page);

    // One list switches the page's language at once, as on the payment page.
    await expect(page.getByRole("button", { name: LINK_MESSAGES.ar.changeLanguage })).toHaveCount(0);
    await page.getByLabel(LINK_MESSAGES.ar.languageLabel).selectOption("de");
    await expect(
      page.getByRole("heading", { level: 1, name: LINK_MESSAGES.de.soldOutHeading }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByLabel(LINK_MESSAGES.de.languageLabel)).toHaveValue("de");
    await expect(page.locator(".trust")).toHaveText(LINK_MESSAGES.de.securedBy);
  });
});

test("a merchant makes a link in the admin, copies it, and deactivates it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).click();
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await expectAccessible(page);
  // The gateway's refusal is shown beside the field it concerns.
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The form could not be saved" })).toBeFocused();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Name", { exact: true }).fill("Workshop seat");
  await page.getByLabel("Description", { exact: true }).fill("One seat at the Saturday workshop");
  await page.getByLabel("Price").fill("25.00");
  await page.getByLabel("Stock").fill("3");
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page.getByText("Product created. Share its payment link.")).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Payment link" }).inputValue();
  expect(link).toMatch(/\/products\/prd_[0-9a-f]{16}\/pay$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole("img", { name: /QR code of the payment link/ })).toBeVisible();
  await expectAccessible(page);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Deactivate link" }).click();
  await expect(page.getByText("The link is deactivated.")).toBeVisible();
  await expect(page.getByText("deactivated", { exact: true })).toBeVisible();

  const shopper = await context.newPage();
  await shopper.goto(new URL(link).pathname, { waitUntil: "domcontentloaded" });
  await expect(shopper.getByRole("heading", { name: LINK_MESSAGES.en.inactiveHeading })).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("link", { name: "Workshop seat" }).first()).toBeVisible();
  await expectAccessible(page);
});
