import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_SHOP, basicAuth, expect, test, uniqueSuffix } from "./admin-fixtures";

/**
 * Disputes in the admin area: a payment made with one of the sandbox's dispute test cards through the gateway API,
 * its dispute opened by the (test) bank within seconds, then answered from the dispute's page — evidence saved,
 * a file added, submitted after a confirmation, the outcome shown — or accepted; the dashboard's counts; a fraud
 * warning's refund offer on the payment's page. The specs of this file share the demo shop's dispute counts, so they
 * run one after the other.
 */
test.describe.configure({ mode: "serial" });

const AUTH = { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) };
/** The smallest PNG's signature and a few bytes: the gateway judges files by their content. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 7),
]);

function euros(amount: number): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(amount / 100);
}

async function pay(request: APIRequestContext, cardNumber: string): Promise<{ uid: string; amount: number }> {
  // Ending in 600 minor units: clear of the endings the sandbox acquirer answers specially.
  const amount = randomInt(20, 900) * 1_000 + 600;
  const response = await request.post("/gateway/transactions/payments", {
    headers: AUTH,
    data: {
      request: {
        amount,
        currency: "EUR",
        description: "Disputes e2e order",
        tracking_id: `dispute-${uniqueSuffix()}`,
        customer: { email: "ada@example.com" },
        credit_card: {
          number: cardNumber,
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

/** The payment's dispute, once the sandbox's bank has opened it (within seconds). */
async function disputeOf(request: APIRequestContext, uid: string): Promise<{ id: string; amount: number }> {
  let dispute: { id: string; amount: number } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/gateway/disputes?transaction_uid=${uid}`, { headers: AUTH });
        [dispute] = await response.json();
        return dispute?.id;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^dsp_/);
  return dispute as { id: string; amount: number };
}

function detail(page: Page, term: string) {
  return page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

test("a fraud chargeback is answered: evidence saved, a file added, submitted after a confirmation, won", async ({
  signedIn: page,
  request,
}) => {
  const payment = await pay(request, "4000000000000259");
  const dispute = await disputeOf(request, payment.uid);

  await page.goto("/admin/disputes");
  await expect(page.getByRole("heading", { level: 1, name: "Disputes" })).toBeVisible();
  await page.getByRole("link", { name: dispute.id }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Chargeback of ${euros(payment.amount)}` }),
  ).toBeVisible();
  await expect(detail(page, "Status")).toHaveText("needs response");
  await expect(detail(page, "Reason")).toHaveText("Fraudulent (network code 10.4)");
  await expect(detail(page, "Customer")).toContainText("ada@example.com");
  await expect(detail(page, "Payment").getByRole("link", { name: payment.uid })).toBeVisible();
  await axe(page);

  await page.getByLabel("Product or service description").fill("A blue mug, delivered on time");
  await page.getByRole("button", { name: "Save evidence" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Product or service description")).toHaveValue(
    "A blue mug, delivered on time",
  );

  // A file that is not what it says is refused with the gateway's reason; a real PNG is added.
  await page
    .getByLabel("Add a file")
    .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "must be a PDF, PNG or JPEG file" })).toBeVisible();
  await page
    .getByLabel("Add a file")
    .setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.locator("#evidence-files").getByRole("link", { name: "parcel.png" })).toBeVisible();
  const download = await page.request.get(
    (await page.locator("#evidence-files").getByRole("link", { name: "parcel.png" }).getAttribute("href")) ??
      "",
  );
  expect(download.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);

  await page.getByLabel("Anything else").fill("winning_evidence");
  await page.getByRole("button", { name: "Submit evidence…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("It is final");
  await confirm.getByRole("button", { name: "Yes, submit it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Submitted" })).toBeVisible();
  // The test bank decides within seconds of the submission.
  await expect(async () => {
    await page.reload();
    await expect(detail(page, "Status")).toHaveText("won", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(detail(page, "Money")).toHaveText("Taken from the balance, then given back (won)");
  const timeline = page.locator("#dispute-timeline");
  await expect(timeline).toContainText("Evidence file added: parcel.png");
  await expect(timeline).toContainText("Evidence submitted");
  await expect(timeline).toContainText("Amount and fee given back");
  await expect(timeline).toContainText("Closed: won");
  await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await expect(page.locator("#evidence-given")).toContainText("A blue mug, delivered on time");
  await axe(page);
});

test("a dispute is accepted after a confirmation, and lost", async ({ signedIn: page, request }) => {
  const payment = await pay(request, "4000000000002685");
  const dispute = await disputeOf(request, payment.uid);
  await page.goto(`/admin/disputes/${dispute.id}`);
  await expect(detail(page, "Reason")).toHaveText("Product not received (network code 13.1)");
  await page.getByRole("button", { name: "Accept dispute…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("amount and the dispute fee stay with the cardholder's bank");
  await confirm.getByRole("button", { name: "Keep it open" }).click();
  await expect(detail(page, "Status")).toHaveText("needs response");
  await page.getByRole("button", { name: "Accept dispute…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, accept it" }).click();
  await expect(detail(page, "Status")).toHaveText("lost");
  await expect(page.locator("#dispute-timeline")).toContainText("Closed: lost");
  await expect(page.getByRole("button", { name: "Accept dispute…" })).toHaveCount(0);

  // The list filters by status and leads back to it.
  await page.goto("/admin/disputes?status=lost");
  await expect(page.getByRole("link", { name: dispute.id })).toBeVisible();
});

test("the dashboard counts the shop's disputes by status, and the money they moved", async ({
  signedIn: page,
  request,
}) => {
  const report = await (await request.get("/gateway/reports/disputes", { headers: AUTH })).json();
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Disputes (test)" });
  await expect(section).toBeVisible();
  for (const [label, status] of [
    ["won", "won"],
    ["lost", "lost"],
    ["needs response", "needs_response"],
  ] as const) {
    await expect(
      section
        .locator("#dispute-counts")
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(String(report.statuses[status]));
  }
  expect(report.statuses.won + report.statuses.lost).toBeGreaterThanOrEqual(2);
  await expect(page.locator("#dispute-money")).toContainText("EUR");
  await axe(page);
});

test("an early fraud warning offers a confirmed refund of what is left of the payment", async ({
  signedIn: page,
  request,
}) => {
  const payment = await pay(request, "4000000000005423");
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/gateway/early_fraud_warnings?transaction_uid=${payment.uid}`, {
              headers: AUTH,
            })
          ).json()
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.goto(`/admin/transactions/${payment.uid}`);
  const block = page.locator("#payment-disputes");
  await expect(block).toContainText("Early fraud warning");
  await block.getByRole("button", { name: "Refund the payment…" }).click();
  await block.getByRole("alertdialog").getByRole("button", { name: "Yes, refund it" }).click();
  await expect(block.getByRole("status")).toHaveText(`Refunded ${euros(payment.amount)}.`);
  await page.reload();
  await expect(page.locator("#payment-disputes")).toContainText("Nothing is left to do here");
  await expect(
    page.locator("#payment-disputes").getByRole("button", { name: "Refund the payment…" }),
  ).toHaveCount(0);
});

test.describe("on a 375 px phone in the dark", () => {
  test.use({ viewport: { width: 375, height: 740 }, colorScheme: "dark" });

  test("the disputes list and a dispute's page fit and pass axe", async ({ signedIn: page, request }) => {
    const payment = await pay(request, "4000000000001976");
    const dispute = await disputeOf(request, payment.uid);
    for (const path of ["/admin/disputes", `/admin/disputes/${dispute.id}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await axe(page);
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Inquiry of ${euros(payment.amount)}`);
    await expect(detail(page, "Dispute fee")).toHaveText("none (an inquiry)");
  });
});
