import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, subscriptions } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { LINK_MESSAGES } from "@/lib/gateway/products/pages/link-messages";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";

/** Anonymous visits of a plan's pay_url write rows only up to the per-address limit (LINK_OPENS_PER_ADDRESS). */

const METRICS_TOKEN = "metrics-token-for-plan-link-visits";
let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  // At the start of a 10-minute window, and still: the counts are per fixed window, and a visit past a window's end
  // would be counted afresh (a run found the fourth visit let through, the window having turned between).
  const clock = new ManualClock(new Date(Math.ceil(Date.now() / 600_000) * 600_000));
  gateway = await startTestGateway({ clock, env: { LINK_OPENS_PER_ADDRESS: "3", METRICS_TOKEN } });
  shop = await gateway.createShop({}, "Plan Shop");
}, 120_000);

afterAll(async () => {
  await gateway?.close();
}, 120_000);

function visit(path: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}${path}`, { headers, redirect: "manual" }).then(async (response) => ({
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    language: response.headers.get("content-language"),
    text: response.status === 303 ? "" : await response.text(),
  }));
}

async function rows(): Promise<{ subscriptions: number; checkouts: number }> {
  const db = gateway.runtime.deps.db;
  const [[a], [b]] = await Promise.all([
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.shopId, shop.id)),
    db.select({ n: count() }).from(checkouts).where(eq(checkouts.shopId, shop.id)),
  ]);
  return { subscriptions: Number(a.n), checkouts: Number(b.n) };
}

describe("GET /plans/{id}/pay from one address", () => {
  it("writes a subscription and a session per visit up to the limit, then answers 429 in the shopper's language and writes nothing", async () => {
    const plan = await callJson(gateway, "/plans", {
      shop,
      body: {
        title: "Tea club",
        currency: "EUR",
        plan: { amount: 500, interval: 1, interval_unit: "month" },
      },
    });
    expect(plan.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await visit(`/plans/${plan.body.id}/pay`)).status).toBe(303);
    expect(await rows()).toEqual({ subscriptions: 3, checkouts: 3 });

    const refused = await visit(`/plans/${plan.body.id}/pay`, { "accept-language": "de" });
    expect(refused.status).toBe(429);
    expect(refused.language).toBe("de");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.text).toContain(LINK_MESSAGES.de.busyHeading);
    expect(refused.text).toContain(LINK_MESSAGES.de.busyText);
    for (let i = 0; i < 20; i++) expect((await visit(`/plans/${plan.body.id}/pay`)).status).toBe(429);
    expect(await rows()).toEqual({ subscriptions: 3, checkouts: 3 });

    const metrics = await gateway.call("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(/tessera_rate_limited_total\{rule="link_opens_per_address"\} [1-9]/);
    // An unknown plan is not found whatever the count: it writes nothing to count against.
    expect((await visit("/plans/pln_0000000000000000/pay")).status).toBe(404);
  });
});
