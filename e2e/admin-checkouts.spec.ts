import { randomInt } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_SHOP, basicAuth, expect, test, uniqueSuffix } from "./admin-fixtures";

const euros = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" });
const merchantAuth = { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) };

/** A checkout session created through the gateway API, as a merchant's server would. */
async function createCheckout(
  request: APIRequestContext,
  options: { trackingId: string; attempts: number },
): Promise<{ token: string; amount: number }> {
  const amount = randomInt(10_000, 9_000_000);
  const response = await request.post("/gateway/ctp/api/checkouts", {
    headers: merchantAuth,
    data: {
      checkout: {
        transaction_type: "tokenization",
        test: true,
        attempts: options.attempts,
        order: { amount, currency: "EUR", description: "Admin e2e session", tracking_id: options.trackingId },
        settings: { language: "en" },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { token: (await response.json()).checkout.token, amount };
}

test("checkout sessions created through the API are listed with their status", async ({
  signedIn: page,
  request,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const open = await createCheckout(request, { trackingId: `co-open-${suffix}`, attempts: 2 });
  const canceled = await createCheckout(request, { trackingId: `co-cancel-${suffix}`, attempts: 1 });
  const cancel = await request.post(`/gateway/ctp/api/checkouts/${canceled.token}/cancel`, {
    headers: merchantAuth,
  });
  expect(cancel.status()).toBe(200);
  // Paid as the hosted page pays: with the session's token as the credential.
  const paid = await createCheckout(request, { trackingId: `co-paid-${suffix}`, attempts: 3 });
  const payment = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: `Bearer ${paid.token}` },
    data: {
      request: {
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
        // The page's own return route: a checkout token may name no other (or one of the session's URLs).
        return_url: `${baseURL}/checkout/${paid.token}/return`,
      },
    },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const paidUid: string = (await payment.json()).transaction.uid;

  // Everything the list's page receives: its HTML, its scripts' payloads and the list's own reads.
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/admin")) return;
    bodies.push(response.text().catch(() => ""));
  });
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Checkout sessions" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout sessions" })).toBeVisible();
  const table = page.getByRole("table", { name: "Checkout sessions, newest first" });
  const row = (trackingId: string) => table.getByRole("row").filter({ hasText: trackingId });
  // Cells: amount, status, customer, order, created, attempts, expires, last transaction.
  const cells = (trackingId: string) => row(trackingId).getByRole("cell");

  await expect(row(`co-open-${suffix}`)).toHaveCount(1);
  // A tokenization session stores a card and charges nothing: no price is shown for it.
  await expect(cells(`co-open-${suffix}`).nth(0)).toHaveText("Card check, no charge");
  await expect(row(`co-open-${suffix}`)).not.toContainText(euros.format(open.amount / 100));
  await expect(cells(`co-open-${suffix}`).nth(1)).toHaveText("pending");
  await expect(cells(`co-open-${suffix}`).nth(5)).toHaveText("0 of 2");
  await expect(cells(`co-open-${suffix}`).nth(6)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await expect(cells(`co-open-${suffix}`).nth(7)).toHaveText("—");

  await expect(cells(`co-cancel-${suffix}`).nth(1)).toHaveText("failed Canceled by the shopper");
  await expect(cells(`co-cancel-${suffix}`).nth(6)).toHaveText("—");

  await expect(cells(`co-paid-${suffix}`).nth(1)).toHaveText("successful Successfully processed");
  await expect(cells(`co-paid-${suffix}`).nth(5)).toHaveText("1 of 3");
  // A session's token is its payment page's credential: the admin shows none, and sends none.
  const received = [...(await Promise.all(bodies)), await page.content()];
  expect(received.some((text) => text.includes(`co-open-${suffix}`))).toBe(true);
  for (const token of [open.token, canceled.token, paid.token]) {
    expect(received.filter((text) => text.includes(token))).toEqual([]);
  }
  await row(`co-paid-${suffix}`).getByRole("link", { name: paidUid }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${paidUid}$`));
  await expect(page.getByRole("region", { name: "Summary" })).toContainText(`co-paid-${suffix}`);
});
