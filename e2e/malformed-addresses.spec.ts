import { expect, test } from "@playwright/test";
import { signIn } from "./admin-fixtures";

/**
 * A percent-escape that does not decode (truncated, or not UTF-8) in a page's address: Next.js alone answers such a
 * path with a bare 500. The server takes the escape literally, so the address names a record that does not exist
 * and the page's own answer for that follows, in its own layout.
 */
const MALFORMED = "%E0%A4%A";

test("a shopper's page whose address does not decode is one that does not exist", async ({ request }) => {
  const pages: [string, number][] = [
    [`/checkout/${MALFORMED}`, 404],
    [`/checkout/${MALFORMED}/result`, 404],
    [`/subscription/cancel/${MALFORMED}`, 404],
    [`/pay/${MALFORMED}`, 404],
    // The way back from the hosted page to an unknown session: to the start page, as for any unknown token.
    [`/checkout/${MALFORMED}/return`, 303],
  ];
  for (const [path, status] of pages) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    expect(
      await request
        .get(path.replace(MALFORMED, "no-such-token"), { maxRedirects: 0 })
        .then((r) => r.status()),
      path,
    ).toBe(status);
  }
});

test("so is an admin page's, for a signed-in merchant", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  for (const section of ["transactions", "customers", "disputes", "subscriptions", "products", "emails"]) {
    const path = `/admin/${section}/${MALFORMED}`;
    const response = await page.request.get(path, { maxRedirects: 0 });
    const unknown = await page.request.get(`/admin/${section}/no-such-record`, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expect(response.status(), path).toBe(unknown.status());
    expect(await response.text(), path).not.toContain("Internal Server Error");
  }
  const api = await page.request.get(`/admin/api/customers/${MALFORMED}`, { maxRedirects: 0 });
  expect(api.status()).toBeLessThan(500);
});
