import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  ADMIN_SHOP,
  basicAuth,
  createCustomer,
  expect,
  signIn,
  test,
  tokenize,
  uniqueSuffix,
} from "./admin-fixtures";

/**
 * The admin's tables on a phone: below 40rem each row is a card (each value on its own line under its column's
 * label), so neither the page nor a table scrolls sideways, and a row's amount and status open the card. Semantics
 * stay a table's: rows, column headers and cells as on a wide screen.
 */

const AUTH = { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) };
const NEXT_YEAR = String(new Date().getFullYear() + 3);

interface ListPage {
  path: string;
  /** The table's caption. */
  table: string;
  /** The columns a card leads with (the money and how it stands), where the list has them. */
  lead: string[];
}

const LISTS: ListPage[] = [
  { path: "/admin", table: "Volume per currency", lead: [] },
  { path: "/admin/transactions", table: "Transactions, newest first", lead: ["Amount", "Status"] },
  { path: "/admin/customers", table: "Customers, newest first", lead: [] },
  { path: "/admin/subscriptions", table: "Subscriptions, newest first", lead: ["Price", "State"] },
  { path: "/admin/plans", table: "Plans, newest first", lead: [] },
  { path: "/admin/products", table: "Products, newest first", lead: ["Price", "Link"] },
  {
    path: "/admin/disputes",
    table: "Disputes, those awaiting an answer first, due soonest on top",
    lead: ["Amount", "Status"],
  },
  { path: "/admin/checkouts", table: "Checkout sessions, newest first", lead: ["Amount", "Status"] },
  { path: "/admin/emails", table: "E-mails to shoppers, newest first", lead: ["Status"] },
];

/** A plan price no other worker's fill of this file has at the same time: workers running at once differ in index. */
function planPrice(): number {
  const worker = test.info().parallelIndex % 9;
  return 1_299 + (worker * 100 + Math.floor(Math.random() * 100)) * 100;
}

/** One row in every list: a payment with a receipt e-mail and an inquiry, a customer, a subscription, a product. */
async function fillEveryList(
  request: APIRequestContext,
): Promise<{ paymentUid: string; subscriptionId: string }> {
  const suffix = uniqueSuffix();
  await tokenize(request, { trackingId: `phone-${suffix}` });
  await createCustomer(request, {
    email: `phone-${suffix}@example.com`,
    first_name: "Grace",
    last_name: "Hopper",
  });
  // The inquiry card: a dispute opens within seconds, one that takes no money (the dispute specs count the others).
  const payment = await request.post("/gateway/transactions/payments", {
    headers: AUTH,
    data: {
      request: {
        amount: 31_600 + Math.floor(Math.random() * 90) * 1_000,
        currency: "EUR",
        // Each worker's fill pays with this card, side by side: two drawing the same amount are a duplicate to the
        // gateway's check (card, amount, currency), which is not what this spec is about.
        duplicate_check: false,
        description: `Phone order ${suffix}`,
        tracking_id: `phone-${suffix}`,
        customer: { email: `phone-${suffix}@example.com`, ip: "203.0.113.9" },
        credit_card: {
          number: "4000000000001976",
          verification_value: "123",
          holder: "Grace Hopper",
          exp_month: "12",
          exp_year: NEXT_YEAR,
        },
      },
    },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const paymentUid: string = (await payment.json()).transaction.uid;
  const subscription = await request.post("/subscriptions", {
    headers: AUTH,
    data: {
      plan: {
        title: "Seed library",
        currency: "EUR",
        test: true,
        // Its first charge meets the duplicate check (card, amount, currency): each worker's fill a price of its own.
        plan: { amount: planPrice(), interval: 1, interval_unit: "month" },
      },
      customer: { email: `phone-${suffix}@example.com`, ip: "198.51.100.9", first_name: "Grace" },
      card: { number: "4200000000000000", verification_value: "123", exp_month: "12", exp_year: NEXT_YEAR },
      test: true,
    },
  });
  expect(subscription.status(), await subscription.text()).toBe(201);
  const product = await request.post("/products", {
    headers: AUTH,
    data: { name: "Paper lantern", description: "A lantern", currency: "EUR", amount: 2_450 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const checkout = await request.post("/gateway/ctp/api/checkouts", {
    headers: AUTH,
    data: {
      checkout: {
        transaction_type: "tokenization",
        test: true,
        order: {
          amount: 4_200,
          currency: "EUR",
          description: "Harbour tour",
          tracking_id: `phone-${suffix}`,
        },
        settings: { language: "en" },
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  // The dispute and the receipt come a moment after the payment.
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/gateway/disputes?transaction_uid=${paymentUid}`, { headers: AUTH })
          ).json()
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  return { paymentUid, subscriptionId: (await subscription.json()).id };
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
    where,
  ).toEqual([]);
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** How far the page, and each table's own region, scroll sideways (0 when everything fits). */
async function sidewaysScroll(page: Page): Promise<{ page: number; tables: number[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return {
      page: root.scrollWidth - root.clientWidth,
      tables: [...document.querySelectorAll(".admin-table-wrap")].map(
        (wrap) => wrap.scrollWidth - wrap.clientWidth,
      ),
    };
  });
}

/**
 * The first row's cells under the columns named in `lead`, and where every other cell of the row is: each lead cell
 * inside the screen, and none of the row's other cells above them.
 */
async function leadCells(page: Page, caption: string, lead: string[]) {
  const table = page.getByRole("table", { name: caption });
  const headers = (await table.getByRole("columnheader").allTextContents()).map((text) => text.trim());
  const row = table.getByRole("row").nth(1);
  const cells = row.locator(":scope > th, :scope > td");
  const boxes = [];
  for (let index = 0; index < headers.length; index++) {
    const box = await cells.nth(index).boundingBox();
    expect(box, `${caption}: ${headers[index]}`).not.toBeNull();
    boxes.push({
      column: headers[index],
      ...(box as { x: number; y: number; width: number; height: number }),
    });
  }
  for (const column of lead) expect(headers, caption).toContain(column);
  return {
    leads: boxes.filter((box) => lead.includes(box.column)),
    others: boxes.filter((box) => !lead.includes(box.column)),
  };
}

/**
 * The lists' rows, made once per worker: each page's test below reads them (the tests of this file share a worker's
 * shop and run in any order, so the first to need them makes them).
 */
let everyList: Promise<{ paymentUid: string; subscriptionId: string }> | null = null;
function filledLists(request: APIRequestContext) {
  everyList ??= fillEveryList(request);
  return everyList;
}

// One test a page, so that each has its own time: all of them in one test took over three minutes on a busy machine.
for (const { path, table, lead } of LISTS) {
  test(`on a phone ${path} is a stack of cards: nothing scrolls sideways, amount and status open each card, axe clean in light and dark`, async ({
    page,
    request,
  }) => {
    await filledLists(request);
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto(path);
      await settled(page);
      await expect(page.getByRole("table", { name: table }).getByRole("row").nth(1)).toBeVisible();
      const scroll = await sidewaysScroll(page);
      expect(scroll.page, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      for (const table of scroll.tables)
        expect(table, `a table of ${path} at ${width} px`).toBeLessThanOrEqual(0);
      const { leads, others } = await leadCells(page, table, lead);
      for (const cell of leads) {
        expect(cell.x, `${path} ${cell.column} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.width, `${path} ${cell.column} at ${width} px`).toBeLessThanOrEqual(width);
        for (const other of others) {
          expect(cell.y, `${path}: ${cell.column} above ${other.column} at ${width} px`).toBeLessThanOrEqual(
            other.y,
          );
        }
      }
    }
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${path} at 375 px, ${colorScheme}`);
    }
  });
}

test("on a phone the detail pages' tables fit too: a payment's chain, webhooks and e-mails, a subscription's payments", async ({
  page,
  request,
}) => {
  const { paymentUid, subscriptionId } = await filledLists(request);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    for (const path of [`/admin/transactions/${paymentUid}`, `/admin/subscriptions/${subscriptionId}`]) {
      await page.goto(path);
      await settled(page);
      await expect(page.locator(".admin-table").first()).toBeVisible();
      const scroll = await sidewaysScroll(page);
      expect(scroll.page, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      for (const table of scroll.tables)
        expect(table, `a table of ${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test("on a phone a card's main link is still one link, and big enough to tap", async ({ page, request }) => {
  await filledLists(request);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/transactions");
  const link = page
    .getByRole("table", { name: "Transactions, newest first" })
    .getByRole("row")
    .nth(1)
    .getByRole("rowheader")
    .getByRole("link");
  const box = await link.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/transactions\/[0-9a-f-]+$/);
});

test("on a phone, written right to left, the cards still fit and their labels sit at the start", async ({
  signedIn: page,
  request,
}) => {
  await tokenize(request, { trackingId: `phone-rtl-${uniqueSuffix()}` });
  await page.setViewportSize({ width: 320, height: 812 });
  await page.goto("/admin/transactions");
  await settled(page);
  await page.evaluate(() => document.documentElement.setAttribute("dir", "rtl"));
  const scroll = await sidewaysScroll(page);
  expect(scroll.page).toBeLessThanOrEqual(0);
  for (const table of scroll.tables) expect(table).toBeLessThanOrEqual(0);
  // A label (the cell's ::before) and its value: the label on the right, where a right-to-left reader begins.
  const cell = page
    .getByRole("table", { name: "Transactions, newest first" })
    .getByRole("row")
    .nth(1)
    .locator("td")
    .nth(1);
  const sides = await cell.evaluate((element) => {
    const label = getComputedStyle(element, "::before");
    return {
      content: label.content,
      direction: getComputedStyle(element).direction,
      align: getComputedStyle(element).textAlign,
    };
  });
  expect(sides.content).toContain("Customer");
  expect(sides.direction).toBe("rtl");
  expect(["start", "right"]).toContain(sides.align);
});

test("on a phone the cards' labels are not read out: the accessibility tree names each column once, in its header", async ({
  signedIn: page,
  request,
}) => {
  await tokenize(request, { trackingId: `phone-ax-${uniqueSuffix()}` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/transactions");
  await settled(page);
  const table = page.getByRole("table", { name: "Transactions, newest first" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const rows = await table.getByRole("row").count();
  // Drawn on screen before every row's card value…
  expect(
    await table
      .locator('td[data-label="Card"]')
      .first()
      .evaluate((cell) => getComputedStyle(cell, "::before").content),
  ).toContain("Card");
  // …and in Chromium's own tree still a table (rows and cells), with "Card" only as the column's header.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { role?: { value: string }; name?: { value: string } }[];
  };
  const named = (role: string, name?: string) =>
    nodes.filter((node) => node.role?.value === role && (name === undefined || node.name?.value === name))
      .length;
  expect(named("row")).toBeGreaterThanOrEqual(rows);
  expect(named("columnheader", "Card")).toBe(1);
  expect(named("StaticText", "Card")).toBe(1);
});
