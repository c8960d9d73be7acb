import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test, tokenize, uniqueSuffix } from "./admin-fixtures";
import { createSession } from "./checkout-fixtures";

/**
 * The pages a newcomer opens first, on the narrowest phone screen in common use (320 CSS px): nothing scrolls the
 * page sideways, nothing overlaps, words break only between words (long tokens anywhere), and what the page is
 * for is in view without scrolling a table.
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 }, isMobile: true, hasTouch: true });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

/** The words of `locator`'s elements that the browser split over two lines (a word broken mid-word). */
async function brokenWords(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // One box per line the word occupies.
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, String(locator)).not.toBeNull();
  return found as { x: number; y: number; width: number; height: number };
}

test("the demo result page of a paid order fits: the token and the uid wrap, words stay whole", async ({
  page,
  request,
}) => {
  // A demo shop's payment session, paid as the hosted page pays it (the session token as the credential).
  const session = await createSession(request, { transactionType: "payment", currency: "EUR" });
  const paid = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      request: {
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(paid.status()).toBe(200);
  const { uid } = (await paid.json()).transaction;
  await page.goto(`/demo/result?shop=1&token=${session.token}&status=successful&uid=${uid}&outcome=success`);
  await expect(page.getByRole("heading", { level: 1, name: "Back at the demo shop" })).toBeVisible();
  await expect(page.locator('[data-verified="summary"]')).toHaveText(/^Paid: /);
  await expectNoSidewaysScroll(page);
  await expect(page.locator('[data-param="token"]')).toHaveText(session.token);
  await expect(page.locator('[data-verified="uid"]')).toHaveText(uid);
  // Inside the screen; the token on several lines.
  for (const value of [page.locator('[data-param="token"]'), page.locator('[data-verified="uid"]')]) {
    const cell = await box(value);
    expect(cell.x + cell.width, String(value)).toBeLessThanOrEqual(WIDTH);
  }
  expect((await box(page.locator('[data-param="token"]'))).height).toBeGreaterThan(30);
  expect(
    await brokenWords(page.locator("main h1, main h2, main p, main th, main td:first-child, main dt")),
  ).toEqual([]);
});

test("admin settings: the form is as wide as the cards around it and its button clears the next card", async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  for (const width of [WIDTH, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const shopCard = await box(page.locator("section").filter({ has: page.locator("#shop-title") }));
    const webhookCard = await box(
      page.locator("section").filter({ has: page.locator("#webhook-keys-title") }),
    );
    const formSection = await box(page.locator("form fieldset.admin-section").first());
    expect(formSection.x, `${width} px`).toBeCloseTo(shopCard.x, 0);
    expect(formSection.width, `${width} px`).toBeCloseTo(shopCard.width, 0);
    const save = await box(page.getByRole("button", { name: "Save settings" }));
    // Below the button, a gap before the next card rather than touching (or overlapping) it.
    expect(webhookCard.y - (save.y + save.height), `${width} px`).toBeGreaterThanOrEqual(12);
  }
});

test("admin transactions: each row's amount (its link) and status are in view without scrolling the table", async ({
  page,
  request,
}) => {
  const { uid } = await tokenize(request, { trackingId: `narrow-${uniqueSuffix()}` });
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/transactions");
  const table = page.getByRole("table", { name: "Transactions, newest first" });
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: uid }) });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  // The amount leads (the row's header and its link), the status next: both inside the screen.
  await expect(table.getByRole("columnheader").first()).toHaveText("Amount");
  await expect(table.getByRole("columnheader").nth(1)).toHaveText("Status");
  const amount = row.getByRole("rowheader").getByRole("link");
  for (const cell of [amount, row.getByRole("cell").first()]) {
    const cellBox = await box(cell);
    expect(cellBox.x).toBeGreaterThanOrEqual(0);
    expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(WIDTH);
  }
  await amount.tap();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${uid}$`));
  await expectNoSidewaysScroll(page);
});

test("admin on a phone: the navigation folds behind Menu, a test shop's strip stays on every page", async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeHidden();
  const header = await box(page.locator(".admin-header"));
  expect(header.height).toBeLessThan(110);
  await page.getByText("Menu", { exact: true }).tap();
  await expect(nav.getByRole("link", { name: "Transactions" })).toBeVisible();
  await nav.getByRole("link", { name: "Transactions" }).tap();
  await expect(page).toHaveURL(/\/admin\/transactions$/);
  await expect(page.locator(".admin-test-strip")).toContainText("Test mode");
  await expectNoSidewaysScroll(page);
});

test("the home page fits, with its words whole", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Tessera" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await brokenWords(page.locator("main h1, main h2, main p, main th, main label"))).toEqual([]);
});
