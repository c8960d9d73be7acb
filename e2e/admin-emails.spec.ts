import AxeBuilder from "@axe-core/playwright";
import { ADMIN_SHOP, basicAuth, expect, test, uniqueSuffix } from "./admin-fixtures";

test("a receipt kept without a mail server is listed, shown in its frame, on its transaction's page, and resent", async ({
  signedIn: page,
  request,
}) => {
  // The first render of React Email and two axe runs, on a machine that may be busy.
  test.setTimeout(120_000);
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const suffix = uniqueSuffix();
  const address = `shopper-${suffix}@example.com`;
  // The demo shop sends shopper e-mails; this server has no SMTP_URL, so the receipt is kept for the admin.
  const payment = await request.post("/gateway/transactions/payments", {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
    data: {
      request: {
        amount: 4250,
        currency: "EUR",
        description: `Order ${suffix}`,
        language: "de",
        customer: { email: address, ip: "203.0.113.9" },
        additional_data: { receipt_text: [`Rechnung ${suffix}`] },
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          holder: "Ada Lovelace",
          exp_month: "12",
          exp_year: String(new Date().getUTCFullYear() + 3),
        },
      },
    },
  });
  expect(payment.status()).toBe(200);
  const { transaction } = await payment.json();
  expect(transaction.status).toBe("successful");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "E-mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: address });
  // The worker keeps it within a moment of the payment.
  await expect(row.getByText("kept")).toBeVisible({ timeout: 15_000 });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await row.getByRole("link", { name: "[TEST] Ihr Beleg von Demo Shop" }).click();

  // The first message rendered loads React Email: slow on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "[TEST] Ihr Beleg von Demo Shop" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("No mail server is configured")).toBeVisible();
  const frame = page.frameLocator('iframe[title^="The e-mail"]');
  await expect(frame.locator("span", { hasText: "42,50 €" })).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByText(`Rechnung ${suffix}`)).toBeVisible();
  await expect(frame.locator("span", { hasText: "Visa •••• 0000" })).toBeVisible();
  await expect(page.locator("pre")).toContainText(transaction.uid);
  // The page around the message (the message's sandboxed frame runs no script, axe's included); nothing of it, or of
  // the page, is blocked by a CSP.
  expect((await new AxeBuilder({ page }).exclude(".admin-email-frame").analyze()).violations).toEqual([]);
  expect(blocked).toEqual([]);

  await page.getByRole("link", { name: transaction.uid }).click();
  const section = page.getByRole("region", { name: "E-mails to the shopper" });
  await expect(section.getByText(address)).toBeVisible();
  await section.getByRole("button", { name: "Resend" }).click();
  await expect(section.getByRole("status")).toHaveText("The e-mail was queued to be sent again.");
  await expect(section.getByText("kept")).toBeVisible({ timeout: 15_000 });
});
