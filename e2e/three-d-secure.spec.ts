import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * The sandbox issuer's 3-D Secure pages in Chromium: cards tokenized through the gateway API as the demo
 * 3-D Secure shop, the shopper sent to `redirect_url`, and back to a merchant server of the test's own.
 */

const DEMO_3DS_SHOP = `Basic ${Buffer.from("2:demo_secret_key_shop_2_with_3ds").toString("base64")}`;
const CHALLENGE_CARD = "4012000000001097";

interface MerchantSite {
  /** The return_url given at tokenization (with a query of its own). */
  returnUrl: string;
  origin: string;
}

const test = base.extend<{ merchant: MerchantSite }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  merchant: async ({}, use) => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        '<!doctype html><html lang="en"><title>Merchant</title><h1>Back at the merchant</h1></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await use({ origin, returnUrl: `${origin}/orders/42/return?order=42` });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

async function tokenize(
  request: APIRequestContext,
  returnUrl: string,
  extra: Record<string, unknown> = {},
  number = CHALLENGE_CARD,
) {
  const response = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: DEMO_3DS_SHOP },
    data: {
      request: {
        // Parallel tests pay with the same card: a distinct amount keeps the duplicate check out of the way.
        amount: randomInt(10_000, 9_000_000),
        currency: "EUR",
        description: "3-D Secure order",
        return_url: returnUrl,
        credit_card: { number, exp_month: "12", exp_year: String(new Date().getFullYear() + 3) },
        ...extra,
      },
    },
  });
  expect(response.status()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("incomplete");
  return transaction as { uid: string; redirect_url: string };
}

async function transactionStatus(request: APIRequestContext, uid: string) {
  const response = await request.get(`/gateway/transactions/${uid}`, {
    headers: { authorization: DEMO_3DS_SHOP },
  });
  return (await response.json()).transaction;
}

async function shownCode(page: Page): Promise<string> {
  return (await page.locator("#test-code strong").textContent()) ?? "";
}

function expectReturnedTo(page: Page, merchant: MerchantSite, uid: string, status: string) {
  const url = new URL(page.url());
  expect(url.origin).toBe(merchant.origin);
  expect(url.pathname).toBe("/orders/42/return");
  expect(Object.fromEntries(url.searchParams)).toEqual({ order: "42", uid, status });
}

test("the shopper passes the challenge and returns to the merchant", async ({ page, request, merchant }) => {
  const transaction = await tokenize(request, merchant.returnUrl);
  await page.goto(transaction.redirect_url);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  await expect(page.getByText("Demo Shop (3-D Secure)")).toBeVisible();
  await page.getByLabel("One-time code").fill(await shownCode(page));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
  expectReturnedTo(page, merchant, transaction.uid, "successful");
  const final = await transactionStatus(request, transaction.uid);
  expect(final.status).toBe("successful");
  expect(final.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
});

test("three wrong codes fail the verification", async ({ page, request, merchant }) => {
  const transaction = await tokenize(request, merchant.returnUrl);
  await page.goto(transaction.redirect_url);
  const wrong = (await shownCode(page)) === "000000" ? "111111" : "000000";
  const input = page.getByLabel("One-time code");
  for (const left of [2, 1]) {
    await input.fill(wrong);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(`This code is not correct. Attempts left: ${left}.`)).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toBeFocused();
    await expect(input).toHaveAccessibleDescription(/Attempts left/);
  }
  await input.fill(wrong);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
  expectReturnedTo(page, merchant, transaction.uid, "failed");
  // Back on the issuer's page (history), the result stands.
  await page.goto(transaction.redirect_url);
  await expect(page.getByRole("heading", { level: 1, name: "Card not verified" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to the shop" })).toHaveAttribute(
    "href",
    `${merchant.returnUrl}&uid=${transaction.uid}&status=failed`,
  );
});

test("Cancel fails the verification", async ({ page, request, merchant }) => {
  const transaction = await tokenize(request, merchant.returnUrl);
  await page.goto(transaction.redirect_url);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
  expectReturnedTo(page, merchant, transaction.uid, "failed");
  expect((await transactionStatus(request, transaction.uid)).status).toBe("failed");
});

test("the advanced scenario collects device data first, then asks for the code", async ({
  page,
  request,
  merchant,
}) => {
  const transaction = await tokenize(request, merchant.returnUrl, { three_d_secure: { advanced: true } });
  await page.goto(transaction.redirect_url);
  // The device-data form submits itself and the challenge follows.
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  expect(page.url()).toBe(transaction.redirect_url);
  await page.getByLabel("One-time code").fill(await shownCode(page));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
  expectReturnedTo(page, merchant, transaction.uid, "successful");
});

test("the pages work with JavaScript off", async ({ browser, request, merchant }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const frictionless = await tokenize(
    request,
    merchant.returnUrl,
    { three_d_secure: { advanced: true } },
    "4012000000001006",
  );
  await page.goto(frictionless.redirect_url);
  await expect(page.getByRole("heading", { level: 1, name: "Checking your device" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
  expectReturnedTo(page, merchant, frictionless.uid, "successful");
  await context.close();
});

test("with JavaScript off, the shopper passes the challenge by entering the code", async ({
  browser,
  request,
  merchant,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const transaction = await tokenize(request, merchant.returnUrl);
    await page.goto(transaction.redirect_url);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
    await page.getByLabel("One-time code").fill(await shownCode(page));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
    expectReturnedTo(page, merchant, transaction.uid, "successful");
    const final = await transactionStatus(request, transaction.uid);
    expect(final.status).toBe("successful");
    expect(final.three_d_secure_verification.pa_status).toBe("Y");
  } finally {
    await context.close();
  }
});

test("with JavaScript off, a wrong code is answered on the page and the right one still passes", async ({
  browser,
  request,
  merchant,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const transaction = await tokenize(request, merchant.returnUrl);
    await page.goto(transaction.redirect_url);
    const code = await shownCode(page);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("One-time code").fill(wrong);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("This code is not correct. Attempts left: 2.")).toBeVisible();
    const input = page.getByLabel("One-time code");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    expect(new URL(page.url()).origin).not.toBe(merchant.origin);
    expect((await transactionStatus(request, transaction.uid)).status).toBe("incomplete");

    await input.fill(code);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Back at the merchant" })).toBeVisible();
    expectReturnedTo(page, merchant, transaction.uid, "successful");
  } finally {
    await context.close();
  }
});

test("the issuer's pages have no accessibility violations (axe)", async ({ page, request, merchant }) => {
  const transaction = await tokenize(request, merchant.returnUrl, { language: "ar" });
  await page.goto(transaction.redirect_url);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const english = await tokenize(request, merchant.returnUrl);
  await page.goto(english.redirect_url);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // With an error shown.
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Enter the one-time code.")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // The keyboard reaches the field and both buttons, with a visible focus ring.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Confirm" })).toBeFocused();
  const outline = await page
    .getByRole("button", { name: "Confirm" })
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe("solid");
  // The result page.
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.goto(english.redirect_url);
  await expect(page.getByRole("heading", { level: 1, name: "Card not verified" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
