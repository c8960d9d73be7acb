import fs from "node:fs";
import { createSession, expect, test } from "./checkout-fixtures";

/**
 * A payment page view asks the gateway for its session once. The proxy (framing, logo and colour in the security
 * headers), the root layout (`<html lang>`), the title and the page each need it; they share the request's one
 * answer (`readShopperSession`). Counted in the server's log: the page's request id goes with its calls to the
 * gateway, whose access lines carry it.
 */
test("a payment page view reads its session from the gateway once", async ({ request }) => {
  const logFile = process.env.E2E_SERVER_LOG ?? "";
  const session = await createSession(request, { settings: { language: "de" } });
  const requestId = `e2e-one-read.${Date.now()}`;
  const page = await request.get(`/checkout/${session.token}`, { headers: { "x-request-id": requestId } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  // Every part drew from the answer: the document's language and the title are the session's.
  expect(html).toContain('<html lang="de"');
  expect(html).toMatch(/<title>[^<]*Demo Shop[^<]*<\/title>/);
  expect(page.headers()["content-security-policy"]).toContain("frame-ancestors");

  const sessionReads = () =>
    fs
      .readFileSync(logFile, "utf8")
      .split("\n")
      .filter(
        (line) => line.includes(`"requestId":"${requestId}"`) && line.includes("/gateway/ctp/api/checkouts/"),
      );
  // The page was answered after its reads; their log lines are written as they end.
  await expect.poll(() => sessionReads().length).toBeGreaterThan(0);
  expect(sessionReads()).toHaveLength(1);
});
