import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_SHOP, basicAuth, expect, test, uniqueSuffix } from "./admin-fixtures";

/**
 * Money from the admin area: a payment or authorization made through the gateway API as a merchant's server
 * would, then refunded, captured or voided from its page — a form, a confirmation, the gateway's answer — and the
 * chain and remaining amounts that follow.
 */

/** "€1,234.56", as the admin area formats euros. */
function euros(amount: number): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(amount / 100);
}

/** Minor units as the amount field takes them: 1250 → "12.50". */
function typed(amount: number): string {
  return (amount / 100).toFixed(2);
}

async function charge(
  request: APIRequestContext,
  type: "payments" | "authorizations",
): Promise<{ uid: string; amount: number }> {
  // Hundreds of euros, ending in 600 minor units: clear of the endings the sandbox acquirer answers specially.
  const amount = randomInt(20, 900) * 1_000 + 600;
  const response = await request.post(`/gateway/transactions/${type}`, {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
    data: {
      request: {
        amount,
        currency: "EUR",
        description: "Admin money e2e order",
        tracking_id: `money-${uniqueSuffix()}`,
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          holder: "Ada Lovelace",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");
  return { uid: transaction.uid, amount };
}

function remaining(page: Page, term: string) {
  return page
    .getByRole("region", { name: "Money" })
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

async function settled(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test("a payment is refunded in part from its page, after a confirmation, and shows what is left", async ({
  signedIn: page,
  request,
}) => {
  const payment = await charge(request, "payments");
  const refund = 1_250;
  await page.goto(`/admin/transactions/${payment.uid}`);
  const money = page.getByRole("region", { name: "Money" });
  await expect(remaining(page, "Can still be refunded")).toHaveText(euros(payment.amount));

  await money.getByRole("button", { name: "Refund…" }).click();
  const amount = money.getByLabel("Amount (EUR)");
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue(typed(payment.amount));
  // Nothing is sent without a reason.
  await amount.fill(typed(refund));
  await money.getByRole("button", { name: "Review refund" }).click();
  await expect(money.getByText("Enter the reason for the refund")).toBeVisible();
  await money.getByLabel("Reason").fill("Returned one ticket");
  await money.getByRole("button", { name: "Review refund" }).click();

  // The confirmation says what will happen; only its button moves the money.
  await expect(money.getByText(`Refund ${euros(refund)}?`)).toBeVisible();
  await money.getByRole("button", { name: `Yes, refund ${euros(refund)}` }).click();
  await expect(money.getByRole("status").filter({ hasText: `Refunded ${euros(refund)}.` })).toBeVisible();

  await expect(remaining(page, "Refunded")).toHaveText(euros(refund));
  await expect(remaining(page, "Can still be refunded")).toHaveText(euros(payment.amount - refund));
  const chain = money.getByRole("table", { name: "Transactions of this chain, each under its parent" });
  await expect(chain.getByRole("row")).toHaveCount(3);
  await expect(chain.getByRole("link", { name: `Refund ${euros(refund)}` })).toBeVisible();

  // The refund's own page leads back to the payment.
  await chain.getByRole("link", { name: `Refund ${euros(refund)}` }).click();
  await expect(
    page.getByRole("region", { name: "Summary" }).getByText("Refund", { exact: true }),
  ).toBeVisible();
  await page.getByRole("region", { name: "Summary" }).getByRole("link", { name: payment.uid }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${payment.uid}$`));
});

/** The payment's refunds as the gateway lists them (the merchant API's `parent_uid` filter). */
async function refundsOf(
  request: APIRequestContext,
  uid: string,
): Promise<{ uid: string; amount: number }[]> {
  const response = await request.get(`/gateway/transactions?parent_uid=${uid}&type=refund`, {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).transactions;
}

test("a refund's confirmation replayed moves no money: a foreign Origin is refused, the same one answers the first refund", async ({
  signedIn: page,
  context,
  playwright,
  baseURL,
  request,
}) => {
  const payment = await charge(request, "payments");
  await page.goto(`/admin/transactions/${payment.uid}`);
  const money = page.getByRole("region", { name: "Money" });
  await money.getByRole("button", { name: "Refund…" }).click();
  await money.getByLabel("Amount (EUR)").fill(typed(2_400));
  await money.getByLabel("Reason").fill("Double booking");
  await money.getByRole("button", { name: "Review refund" }).click();
  const [action] = await Promise.all([
    page.waitForRequest((sent) => sent.method() === "POST" && Boolean(sent.headers()["next-action"])),
    money.getByRole("button", { name: `Yes, refund ${euros(2_400)}` }).click(),
  ]);
  await expect(money.getByRole("status").filter({ hasText: `Refunded ${euros(2_400)}.` })).toBeVisible();
  expect(await refundsOf(request, payment.uid)).toHaveLength(1);

  const headers = await action.allHeaders();
  const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
  const replay = async (origin: string | null) => {
    const client = await playwright.request.newContext({ baseURL });
    const forwarded: Record<string, string> = {
      "content-type": headers["content-type"],
      "next-action": headers["next-action"],
      accept: headers.accept ?? "text/x-component",
      cookie,
    };
    if (headers["next-router-state-tree"])
      forwarded["next-router-state-tree"] = headers["next-router-state-tree"];
    if (origin !== null) forwarded.origin = origin;
    const response = await client.post(new URL(action.url()).pathname, {
      headers: forwarded,
      data: action.postDataBuffer() ?? Buffer.alloc(0),
      maxRedirects: 0,
    });
    const text = await response.text();
    await client.dispose();
    return text;
  };
  // The session cookie rides along, as a forged cross-site post would carry it: the Origin alone refuses it.
  for (const origin of ["https://evil.example", "null", null]) {
    expect(await replay(origin), `Origin ${origin}`).not.toContain('"status":"ok"');
  }
  // From the admin area itself, the same confirmation (same request id) is answered with the first refund.
  const again = await replay(new URL(baseURL ?? "").origin);
  expect(again).toContain('"status":"ok"');
  const refunds = await refundsOf(request, payment.uid);
  expect(refunds).toHaveLength(1);
  expect(again).toContain(refunds[0].uid);
});

test("the gateway's refusal is shown as it came: more than is left", async ({ signedIn: page, request }) => {
  const payment = await charge(request, "payments");
  await page.goto(`/admin/transactions/${payment.uid}`);
  const money = page.getByRole("region", { name: "Money" });
  // Another refund of the whole amount lands first (another tab, the API): the page still offers the old amount.
  await expect(remaining(page, "Can still be refunded")).toHaveText(euros(payment.amount));
  const first = await request.post("/gateway/transactions/refunds", {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
    data: { request: { parent_uid: payment.uid, amount: payment.amount - 200, reason: "API refund" } },
  });
  expect(first.status()).toBe(200);

  await money.getByRole("button", { name: "Refund…" }).click();
  await money.getByLabel("Amount (EUR)").fill(typed(1_300));
  await money.getByLabel("Reason").fill("Late complaint");
  await money.getByRole("button", { name: "Review refund" }).click();
  await money.getByRole("button", { name: `Yes, refund ${euros(1_300)}` }).click();
  const alert = money.getByRole("alert");
  await expect(alert).toHaveText(
    `The gateway refused the refund: The amount is more than is left: at most ${euros(200)} now.`,
  );
  // The page catches up with what the gateway knows.
  await expect(remaining(page, "Can still be refunded")).toHaveText(euros(200));
});

test("an authorization is captured in part, then the rest can no longer be voided", async ({
  signedIn: page,
  request,
}) => {
  const authorization = await charge(request, "authorizations");
  await page.goto(`/admin/transactions/${authorization.uid}`);
  const money = page.getByRole("region", { name: "Money" });
  await expect(money.getByRole("button", { name: "Void…" })).toBeVisible();
  await money.getByRole("button", { name: "Capture…" }).click();
  await money.getByLabel("Amount (EUR)").fill(typed(authorization.amount - 1_000));
  await money.getByRole("button", { name: "Review capture" }).click();
  await money.getByRole("button", { name: `Yes, capture ${euros(authorization.amount - 1_000)}` }).click();
  await expect(money.getByRole("status").filter({ hasText: "Captured" })).toBeVisible();
  await expect(remaining(page, "Can still be captured")).toHaveText(euros(1_000));
  await expect(money.getByRole("button", { name: "Void…" })).toHaveCount(0);
  await expect(money.getByRole("button", { name: "Capture…" })).toBeVisible();
});

test("axe finds no violations on a payment's page, its refund form and its confirmation", async ({
  signedIn: page,
  request,
}) => {
  // Three whole-page analyses: on a busy machine more than the default 30 s.
  test.slow();
  const payment = await charge(request, "payments");
  await page.goto(`/admin/transactions/${payment.uid}`);
  await expect(page.getByRole("heading", { level: 2, name: "Money" })).toBeVisible();
  await settled(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const money = page.getByRole("region", { name: "Money" });
  await money.getByRole("button", { name: "Refund…" }).click();
  await money.getByRole("button", { name: "Review refund" }).click();
  await expect(money.getByText("Enter the reason for the refund")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await money.getByLabel("Reason").fill("Accessibility check");
  await money.getByRole("button", { name: "Review refund" }).click();
  await expect(money.getByRole("button", { name: /^Yes, refund / })).toBeFocused();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("the list shows each transaction's type and amount; the dashboard shows the money", async ({
  signedIn: page,
  request,
}) => {
  const payment = await charge(request, "payments");
  await page.goto("/admin/transactions");
  const row = page
    .getByRole("table", { name: "Transactions, newest first" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: payment.uid }) });
  await expect(row.getByRole("cell", { name: "Payment", exact: true })).toBeVisible();
  // The amount leads the row, as its header.
  await expect(row.getByRole("rowheader", { name: euros(payment.amount) })).toBeVisible();
  // Only refunds: the payment is not among them.
  const search = page.getByRole("search", { name: "Transactions" });
  await search.getByLabel("Type").selectOption("refund");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=refund/);
  await expect(page.getByRole("link", { name: payment.uid })).toHaveCount(0);

  await page.goto("/admin");
  const money = page.getByRole("region", { name: "Money" });
  await expect(
    money.getByRole("table", { name: "Volume per currency" }).getByRole("rowheader", { name: "EUR" }),
  ).toBeVisible();
  await settled(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
