import fs from "node:fs";
import { signIn } from "./admin-fixtures";
import { createSession, expect, test } from "./checkout-fixtures";

/** The gateway's access lines written for one request of the checkout app (its id goes with its calls). */
function gatewayCalls(requestId: string, path: string): string[] {
  return fs
    .readFileSync(process.env.E2E_SERVER_LOG ?? "", "utf8")
    .split("\n")
    .filter((line) => line.includes(`"requestId":"${requestId}"`) && line.includes(`"path":"${path}`));
}

/**
 * A payment page view asks the gateway for its session once. The proxy (framing, logo and colour in the security
 * headers), the root layout (`<html lang>`), the title and the page each need it; they share the request's one
 * answer (`readShopperSession`). Counted in the server's log: the page's request id goes with its calls to the
 * gateway, whose access lines carry it.
 */
test("a payment page view reads its session from the gateway once", async ({ request }) => {
  const session = await createSession(request, { settings: { language: "de" } });
  const requestId = `e2e-one-read.${Date.now()}`;
  const page = await request.get(`/checkout/${session.token}`, { headers: { "x-request-id": requestId } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  // Every part drew from the answer: the document's language and the title are the session's.
  expect(html).toContain('<html lang="de"');
  expect(html).toMatch(/<title>[^<]*Demo Shop[^<]*<\/title>/);
  expect(page.headers()["content-security-policy"]).toContain("frame-ancestors");

  const sessionReads = () => gatewayCalls(requestId, "/gateway/ctp/api/checkouts/");
  // The page was answered after its reads; their log lines are written as they end.
  await expect.poll(() => sessionReads().length).toBeGreaterThan(0);
  expect(sessionReads()).toHaveLength(1);
});

test("an admin page that shows the shop reads it from the gateway once, with the area's session check", async ({
  page,
}) => {
  await signIn(page);
  await page.waitForURL(
    (url) => url.pathname.startsWith("/admin") && !url.pathname.startsWith("/admin/sign-in"),
  );
  const requestId = `e2e-one-shop-read.${Date.now()}`;
  const settings = await page.request.get("/admin/settings", { headers: { "x-request-id": requestId } });
  expect(settings.status()).toBe(200);
  expect(await settings.text()).toContain("Settings");
  const shopReads = () => gatewayCalls(requestId, '/gateway/shop"');
  await expect.poll(() => shopReads().length).toBeGreaterThan(0);
  expect(shopReads()).toHaveLength(1);
});
