import type { Page } from "@playwright/test";
import { expect, test, tokenize, uniqueSuffix } from "./admin-fixtures";

/** Today's (UTC) row of the dashboard's data table, opened, as numbers. */
async function todayInTable(page: Page) {
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.getByText("The numbers as a table").click();
  const table = page.getByRole("table", { name: "Tokenizations per day" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: today, exact: true }) });
  await expect(row).toBeVisible();
  // The 14 days ending today, today last.
  await expect(table.getByRole("row")).toHaveCount(15);
  await expect(table.getByRole("row").last().getByRole("rowheader")).toHaveText(today);
  const cells = row.getByRole("cell");
  const number = async (index: number) => Number(await cells.nth(index).textContent());
  return {
    tokenizations: await number(0),
    successful: await number(1),
    failed: await number(2),
    rate: ((await cells.nth(4).textContent()) ?? "").trim(),
  };
}

test("the dashboard counts tokenizations just made in today's row, with the success rate", async ({
  signedIn: page,
  request,
}) => {
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const before = await todayInTable(page);

  const suffix = uniqueSuffix();
  await tokenize(request, { trackingId: `dash-ok-${suffix}` });
  await tokenize(request, {
    trackingId: `dash-declined-${suffix}`,
    cardNumber: "4005550000000019",
    expectedStatus: "failed",
  });

  await page.reload();
  const after = await todayInTable(page);
  const today = new Date().toISOString().slice(0, 10);
  // Other specs tokenize in the same shop at the same time: at least these two more, never fewer.
  expect(after.tokenizations).toBeGreaterThanOrEqual(before.tokenizations + 2);
  expect(after.successful).toBeGreaterThanOrEqual(before.successful + 1);
  expect(after.failed).toBeGreaterThanOrEqual(before.failed + 1);
  // The rate shown is today's own: successful out of all, to one decimal.
  expect(after.rate).toBe(`${((after.successful / after.tokenizations) * 100).toFixed(1)}%`);

  // The totals of the 14 days above the chart, and the chart's summary for screen readers, count them too.
  const tokenizations = page.getByRole("region", { name: "Tokenizations" });
  await expect(tokenizations.getByRole("term")).toHaveText(["Tokenizations", "Successful", "Success rate"]);
  const totals = tokenizations.getByRole("definition");
  expect(Number(await totals.nth(0).textContent())).toBeGreaterThanOrEqual(after.tokenizations);
  expect(Number(await totals.nth(1).textContent())).toBeGreaterThanOrEqual(after.successful);
  await expect(totals.nth(2)).toHaveText(/^\d+\.\d%$/);
  const chart = page.getByRole("img", { name: "Tokenizations per day and success rate" });
  await expect(chart).toHaveAccessibleDescription(
    new RegExp(`^\\d+ tokenizations between \\d{4}-\\d{2}-\\d{2} and ${today}, \\d+\\.\\d% successful\\.`),
  );
});

test("a test-mode shop's dashboard is its test money: no Live to choose, the test-mode strip on every page", async ({
  signedIn: page,
}) => {
  // The demo shop is in test mode: everything it shows is test money, so there is no Live tab to show selected.
  await expect(page.getByRole("heading", { level: 2, name: "Money (test transactions)" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Live or test money" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Live" })).toHaveCount(0);
  for (const path of ["/admin", "/admin/transactions", "/admin/settings"]) {
    await page.goto(path);
    await expect(page.locator(".admin-test-strip")).toHaveText(
      "Test mode · Payments in this shop are test transactions: no money moves.",
    );
  }
});
