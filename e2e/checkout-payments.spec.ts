import type { APIRequestContext, Page } from "@playwright/test";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  type DemoShop,
  expect,
  fillCard,
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
