import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  type DemoShop,
  expect,
  fillCard,
  type Merchant,
  merchantUrls,
  merchantView,
  test,
} from "./checkout-fixtures";

/**
 * Checkout sessions that move money: a payment charged through the hosted page on the demo shop without 3-D Secure,
 * an authorization whose result page says the amount is held, and a payment on the 3-D Secure demo shop that
 * passes the issuer's challenge before anything is charged.
 */

/** "€1,234.56": the amount as the page shows it (English, the session's language). */
function euros(amount: number): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(amount / 100);
}

async function transaction(request: APIRequestContext, uid: string, shop: DemoShop) {
  const response = await request.get(`/gateway/transactions/${uid}`, {
    headers: { authorization: basicAuth(shop) },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).transaction;
}

/** Reads the sandbox issuer's test-mode code from its page, types it in and confirms. */
async function passChallenge(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  const notice = await page.getByText(/Test mode: your code is \d+/).innerText();
  await page.getByLabel("One-time code").fill(/(\d+)/.exec(notice)?.[1] ?? "");
  await page.getByRole("button", { name: "Confirm" }).click();
}

test("a payment session charges the card through the page and sends the shopper back with the payment", async ({
  page,
  request,
  merchant,
}) => {
  const session = await createSession(request, {
    transactionType: "payment",
    currency: "EUR",
    settings: { ...merchantUrls(merchant), notification_url: `${merchant.origin}/hooks` },
  });
  await page.goto(session.redirectUrl);
  await fillCard(page, { number: "4200000000000000" });
  await page.getByRole("button", { name: `Pay ${euros(session.amount)}` }).click();

  await page.waitForURL(`${merchant.origin}/success**`);
  const landed = new URL(page.url());
  expect(landed.searchParams.get("status")).toBe("successful");
  const uid = landed.searchParams.get("uid") ?? "";
  expect(await transaction(request, uid, DEMO_SHOP_1)).toMatchObject({
    type: "payment",
    status: "successful",
    amount: session.amount,
    currency: "EUR",
    payment: { status: "successful", message: "Approved" },
  });
  const view = await merchantView(request, session.token);
  expect(view).toMatchObject({ transaction_type: "payment", status: "successful" });

  // The merchant's webhook carries the payment.
  const webhook = await merchant.waitFor("/hooks");
  expect(JSON.parse(webhook.body).transaction).toMatchObject({ uid, type: "payment", status: "successful" });
});

test("an authorization session's button and result page say the amount is held, not paid", async ({
  page,
  request,
}) => {
  // No return URLs: the result page stays.
  const session = await createSession(request, { transactionType: "authorization", currency: "EUR" });
  await page.goto(session.redirectUrl);
  await fillCard(page, { number: "4200000000000000" });
  await page.getByRole("button", { name: `Authorize ${euros(session.amount)}` }).click();

  await expect(page.getByRole("heading", { name: "Payment authorized" })).toBeVisible();
  await expect(page.getByText(`${euros(session.amount)} is reserved on your card.`)).toBeVisible();
  const view = await merchantView(request, session.token);
  expect(view.gateway_response.transaction).toMatchObject({
    type: "authorization",
    status: "successful",
    amount: session.amount,
    paid_at: null,
  });
});

test("a 3-D Secure payment charges only once the challenge is passed", async ({
  page,
  request,
  merchant,
}) => {
  const session = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant, null),
  });
  await page.goto(session.redirectUrl);
  await fillCard(page, { number: "4012000000001097" });
  await page.getByRole("button", { name: `Pay ${euros(session.amount)}` }).click();

  await page.waitForURL(/\/gateway\/process\//);
  const pending = await merchantView(request, session.token, DEMO_SHOP_2);
  expect(pending.gateway_response.transaction).toMatchObject({
    type: "payment",
    status: "incomplete",
    paid_at: null,
  });
  await passChallenge(page);

  // Without auto_return the result page says what was paid, with the way back to the merchant.
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText(`You paid ${euros(session.amount)} to`)).toBeVisible();
  const view = await merchantView(request, session.token, DEMO_SHOP_2);
  expect(view.status).toBe("successful");
  expect(view.gateway_response.transaction).toMatchObject({
    type: "payment",
    status: "successful",
    payment: { status: "successful" },
    three_d_secure_verification: { status: "successful" },
  });
  await page.getByRole("link", { name: /^Return to / }).click();
  await page.waitForURL(`${merchant.origin}/success**`);
  expect(new URL(page.url()).searchParams.get("uid")).toBe(view.gateway_response.transaction.uid);
});

test.describe("the save-card choice", () => {
  const label = "Save this card for future payments at Demo Shop";
  const offered = (merchant: Merchant) => ({
    ...merchantUrls(merchant),
    save_card_toggle: { display: true },
  });

  test("is offered unticked; unticked, the merchant gets no token, ticked by keyboard, it does", async ({
    page,
    request,
    merchant,
  }) => {
    for (const save of [false, true]) {
      const session = await createSession(request, {
        transactionType: "payment",
        currency: "EUR",
        settings: offered(merchant),
      });
      await page.goto(session.redirectUrl);
      const choice = page.getByRole("checkbox", { name: label });
      await expect(choice).toBeVisible();
      await expect(choice).not.toBeChecked();
      if (!save) {
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations).toEqual([]);
      }
      await fillCard(page, { number: "4200000000000000", holder: "JANE ROE" });
      if (save) {
        // The next stop after the card's last field, ticked with the space bar.
        await page.getByLabel("Name on card").focus();
        await page.keyboard.press("Tab");
        await expect(choice).toBeFocused();
        await page.keyboard.press("Space");
        await expect(choice).toBeChecked();
      }
      await page.getByRole("button", { name: `Pay ${euros(session.amount)}` }).click();
      await page.waitForURL(`${merchant.origin}/success**`);
      const uid = new URL(page.url()).searchParams.get("uid") ?? "";
      const paid = await transaction(request, uid, DEMO_SHOP_1);
      expect(paid).toMatchObject({ type: "payment", status: "successful" });
      if (save) expect(paid.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
      else expect(paid.credit_card).toMatchObject({ token: null, stamp: null });
    }
  });

  test("is not offered where the card is stored anyway: a tokenization session", async ({
    page,
    request,
  }) => {
    const session = await createSession(request, { settings: { save_card_toggle: { display: true } } });
    await page.goto(session.redirectUrl);
    await expect(page.getByLabel("Card number")).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(0);
  });

  test("reads right to left in Arabic: the box at the start of the line, on the right", async ({
    page,
    request,
  }) => {
    const session = await createSession(request, {
      transactionType: "authorization",
      settings: { language: "ar", save_card_toggle: { display: true } },
    });
    await page.goto(session.redirectUrl);
    const choice = page.getByRole("checkbox", { name: "احفظ هذه البطاقة للمدفوعات القادمة لدى Demo Shop" });
    await expect(choice).toBeVisible();
    const box = await choice.boundingBox();
    const text = await page.getByText("احفظ هذه البطاقة").boundingBox();
    expect(box && text && box.x > text.x).toBe(true);
  });

  test("without JavaScript the ticked box goes in the POST and the card is kept", async ({
    browser,
    request,
    merchant,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const session = await createSession(request, {
        transactionType: "payment",
        currency: "EUR",
        settings: offered(merchant),
      });
      await page.goto(session.redirectUrl);
      await fillCard(page, { number: "4200000000000000" });
      await page.getByRole("checkbox", { name: label }).check();
      await page.getByRole("button", { name: `Pay ${euros(session.amount)}` }).click();
      await page.waitForURL(`${merchant.origin}/success**`);
      const { transaction: paid } = (await merchantView(request, session.token)).gateway_response;
      expect(paid).toMatchObject({ type: "payment", status: "successful" });
      expect(paid.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await context.close();
    }
  });
});
