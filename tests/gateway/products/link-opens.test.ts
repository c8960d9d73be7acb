import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { LINK_MESSAGES } from "@/lib/gateway/products/pages/link-messages";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { parseExposition, sampleValue } from "../metrics-exposition";

/** A payment link writes a checkout session at each visit: one address cannot fill the database with them. */
const clock = new ManualClock(new Date());
let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway({ clock, env: { LINK_OPENS_PER_ADDRESS: "3" } });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

function visit(path: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}${path}`, { headers, redirect: "manual" });
}

describe("payment links opened from one address", () => {
  it("open sessions up to the limit, then answer 429 in the shopper's language and write nothing, until the window ends", async () => {
    const product = await callJson(gateway, "/products", {
      shop,
      body: { name: "Mug", description: "Blue", amount: 1500, currency: "EUR", infinite: true },
    });
    expect(product.status).toBe(201);
    const sessions = async () =>
      (await gateway.runtime.deps.db.select().from(checkouts).where(eq(checkouts.productId, product.body.id)))
        .length;
    const refusals = async () =>
      sampleValue(
        parseExposition((await gateway.runtime.deps.metrics.render(() => {})).body),
        "tessera_rate_limited_total",
        {
          rule: "link_opens_per_address",
        },
      ) ?? 0;
    for (let index = 0; index < 3; index++) {
      expect((await visit(`/products/${product.body.id}/pay`)).status).toBe(303);
    }
    const refused = await visit(`/products/${product.body.id}/pay`, { "accept-language": "de" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain(LINK_MESSAGES.de.busyHeading);
    expect(page).toContain(LINK_MESSAGES.de.busyText);
    expect(await sessions()).toBe(3);
    expect(await refusals()).toBe(1);
    // The next window: the link opens again.
    clock.set(new Date(clock.now().getTime() + 10 * 60_000 + 1_000));
    expect((await visit(`/products/${product.body.id}/pay`)).status).toBe(303);
    expect(await sessions()).toBe(4);
  });
});
