import { expect, test } from "@playwright/test";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("the checkout app's pages and the gateway name every answer with X-Request-Id", async ({ request }) => {
  for (const path of ["/", "/admin", "/checkout/not-a-session", "/gateway/health/ready", "/no-such-page"]) {
    const fresh = await request.get(path, { maxRedirects: 0 });
    expect(fresh.headers()["x-request-id"], path).toMatch(UUID);
    const named = await request.get(path, { headers: { "x-request-id": "e2e-probe.1" }, maxRedirects: 0 });
    expect(named.headers()["x-request-id"], path).toBe("e2e-probe.1");
  }
  const malformed = await request.get("/", { headers: { "x-request-id": "not well formed!" } });
  expect(malformed.headers()["x-request-id"]).toMatch(UUID);
});

test("the production server answers the probes", async ({ request }) => {
  expect((await request.get("/gateway/health/live")).status()).toBe(200);
  const ready = await request.get("/gateway/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ok" });
  // No METRICS_TOKEN in this deployment: /metrics does not exist on the main port.
  expect((await request.get("/metrics")).status()).toBe(404);
});
