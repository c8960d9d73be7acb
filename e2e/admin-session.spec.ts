import type { Request } from "@playwright/test";
import { ADMIN_SHOP, expect, signIn, test } from "./admin-fixtures";

const SESSION_COOKIE = "tessera_admin";

test("a wrong secret key is refused; the right one signs in; sign-out ends the session", async ({
  page,
  context,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in\?reason=signed_out$/);
  await expect(page.getByText("Sign in to continue.")).toBeVisible();

  await signIn(page, "not-the-secret-key");
  // (Next's route announcer is an alert region of its own, hence the scope.)
  const error = page.getByRole("main").getByRole("alert");
  await expect(error).toHaveText("The shop id or secret key is not correct.");
  await expect(error).toBeFocused();
  expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  // The shop id stays; the secret key is never sent back to the page.
  await expect(page.getByLabel("Shop id")).toHaveValue(String(ADMIN_SHOP.id));
  await expect(page.getByLabel("Secret key")).toHaveValue("");

  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`shop ${ADMIN_SHOP.id}`);

  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
  expect(session?.value).not.toContain(ADMIN_SHOP.secretKey);
  const lifetime = (session?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(8 * 3600 - 120);
  expect(lifetime).toBeLessThanOrEqual(8 * 3600 + 5);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?reason=goodbye$/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  expect(
    (await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== ""),
  ).toBe(false);
  await page.goto("/admin/customers");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  const api = await page.request.get("/admin/api/customers");
  expect(api.status()).toBe(401);
});

test("a tampered session cookie counts as signed out", async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: SESSION_COOKIE, value: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", url: baseURL },
  ]);
  await page.goto("/admin/transactions");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test("admin pages are sent with the security headers", async ({ signedIn: page }) => {
  for (const path of ["/admin", "/admin/sign-in", "/admin/api/customers"]) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
    );
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["cache-control"], path).toContain("no-store");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
});

/**
 * The sign-in form's own server-action request, captured from a real sign-in, then replayed outside the browser
 * with the Origin a cross-site attacker's page would send (or none at all).
 */
async function captureSignInAction(page: import("@playwright/test").Page): Promise<Request> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Shop id").fill(String(ADMIN_SHOP.id));
  await page.getByLabel("Secret key").fill(ADMIN_SHOP.secretKey);
  const [action] = await Promise.all([
    page.waitForRequest(
      (request) => request.method() === "POST" && Boolean(request.headers()["next-action"]),
    ),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  await expect(page).toHaveURL(/\/admin$/);
  return action;
}

test("a server action posted with a foreign, null or missing Origin is refused", async ({
  page,
  playwright,
  baseURL,
}) => {
  const action = await captureSignInAction(page);
  const headers = await action.allHeaders();
  const body = action.postDataBuffer() ?? Buffer.alloc(0);
  const path = new URL(action.url()).pathname;
  const replay = async (origin: string | null) => {
    // A fresh client without the browser's cookies, like a forged request from another site.
    const client = await playwright.request.newContext({ baseURL });
    const forwarded: Record<string, string> = {
      "content-type": headers["content-type"],
      "next-action": headers["next-action"],
      accept: headers.accept ?? "text/x-component",
    };
    if (headers["next-router-state-tree"])
      forwarded["next-router-state-tree"] = headers["next-router-state-tree"];
    if (origin !== null) forwarded.origin = origin;
    const response = await client.post(path, { headers: forwarded, data: body, maxRedirects: 0 });
    const setCookie = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
    const result = {
      status: response.status(),
      signedIn: setCookie.some((h) => h.value.startsWith(`${SESSION_COOKIE}=v1.`)),
    };
    await client.dispose();
    return result;
  };

  for (const origin of ["https://evil.example", "null", null]) {
    const refused = await replay(origin);
    expect(refused.status, `Origin ${origin}`).toBe(403);
    expect(refused.signedIn, `Origin ${origin}`).toBe(false);
  }
  // The same request from the admin area's own origin is accepted: the refusals above are the Origin's doing.
  const accepted = await replay(new URL(baseURL ?? "").origin);
  expect(accepted.signedIn).toBe(true);
});

test("failed sign-ins are throttled per browser: the locked-out one waits, another signs in", async ({
  browser,
}) => {
  // Both browsers reach the gateway through the same checkout app; each is named by its own address.
  const attacker = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" } });
  const merchant = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.51" } });
  try {
    const page = await attacker.newPage();
    const error = page.getByRole("main").getByRole("alert");
    for (let attempt = 1; attempt <= 11; attempt++) {
      await signIn(page, `wrong-key-${attempt}`);
      await expect(error).toHaveText(/not correct|Too many failed sign-ins/);
    }
    await expect(error).toHaveText(/^Too many failed sign-ins\. Try again in \d+ seconds\.$/);

    const other = await merchant.newPage();
    await signIn(other);
    await expect(other).toHaveURL(/\/admin$/);
  } finally {
    await attacker.close();
    await merchant.close();
  }
});
