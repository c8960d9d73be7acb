import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLuhnValid } from "@/lib/cards/luhn";
import { transactions } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { finishTransactions } from "@/lib/gateway/transactions/finish-transactions";
import { type OwnBody, ownColumns } from "@/lib/gateway/transactions/own-body";
import { createParent } from "../child-helpers";
import {
  callJson,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { parseExposition, type Sample, sampleValue } from "../metrics-exposition";
import { paymentRequest, postPayment } from "../money-helpers";

const METRICS_TOKEN = "metrics-token-for-tests-0123456789";

/** Luhn-valid numbers sharing their first 8 and last 4 digits (a card tester's guesses around one card). */
function cardFamily(count: number): string[] {
  const numbers: string[] = [];
  for (let middle = 0; numbers.length < count; middle++) {
    const number = `42424242${String(middle).padStart(4, "0")}4242`;
    if (isLuhnValid(number)) numbers.push(number);
  }
  return numbers;
}

async function scrape(gateway: TestGateway, headers: Record<string, string> = {}): Promise<Response> {
  return gateway.call("/metrics", {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, ...headers },
  });
}

async function samples(gateway: TestGateway): Promise<Sample[]> {
  const response = await scrape(gateway);
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

describe("GET /metrics", () => {
  let gateway: TestGateway;
  let shop: TestShop;
  // Everything sent that must never become a label value.
  const secrets: string[] = [];

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { METRICS_TOKEN } });
    shop = await gateway.createShop();
    secrets.push(shop.secretKey);
  }, 60_000);
  afterAll(() => gateway?.close());

  it("answers 401 without the token or with another one", async () => {
    expect((await gateway.call("/metrics")).status).toBe(401);
    expect((await scrape(gateway, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await scrape(gateway, { authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await scrape(gateway, { authorization: shop.authorization })).status).toBe(401);
    const response = await scrape(gateway);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("counts representative traffic by route pattern, type and outcome, and no label holds what a client sent", async () => {
    const tokens: string[] = [];
    const uids: string[] = [];
    // Tokenizations with sentinel numbers and tracking ids.
    for (let i = 0; i < 3; i++) {
      const number = uniqueVisaNumber(7_310_000 + i);
      const trackingId = `track-sentinel-${i}-ZQX`;
      secrets.push(number, trackingId);
      const answer = await callJson(gateway, "/transactions/tokenizations", {
        shop,
        body: tokenizationRequest({ tracking_id: trackingId }, { number }),
      });
      expect(answer.status).toBe(200);
      tokens.push(answer.body.transaction.credit_card.token);
      uids.push(answer.body.transaction.uid);
    }
    // Payments, one declined, and a refund.
    const paid = await postPayment(
      gateway,
      shop,
      paymentRequest({ tracking_id: "pay-sentinel-ZQX" }, { number: "5555341244441115" }),
    );
    expect(paid.body.transaction.status).toBe("successful");
    secrets.push("5555341244441115", "pay-sentinel-ZQX", paid.body.transaction.credit_card.token);
    const declined = await postPayment(gateway, shop, paymentRequest({}, { number: "4005550000000019" }));
    expect(declined.body.transaction.status).toBe("failed");
    const refund = await callJson(gateway, "/transactions/refunds", {
      shop,
      body: { request: { parent_uid: paid.body.transaction.uid, amount: 100, reason: "Returned" } },
    });
    expect(refund.status).toBe(200);
    // Customers with e-mails, reads by uid and by tracking id.
    const email = "sentinel.shopper+metrics@example.org";
    secrets.push(email);
    const customer = await callJson(gateway, "/customers", {
      shop,
      body: { email, ip: "203.0.113.9", first_name: "Ada", last_name: "Sentinel" },
    });
    expect(customer.status).toBe(201);
    for (const uid of uids)
      expect((await callJson(gateway, `/transactions/${uid}`, { shop })).status).toBe(200);
    await callJson(gateway, "/v2/transactions/tracking_id/track-sentinel-0-ZQX", { shop });
    await callJson(gateway, `/transactions/${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}`, { shop });
    await callJson(gateway, "/no/such/path/4929871234567893");
    secrets.push(...tokens, ...uids, customer.body.id, "4929871234567893");

    const text = await (await scrape(gateway)).text();
    const scraped = parseExposition(text);
    // By route pattern, never the path.
    expect(
      sampleValue(scraped, "tessera_http_requests_total", {
        route: "/gateway/transactions/:uid",
        method: "GET",
        status: "200",
      }),
    ).toBe(3);
    expect(
      sampleValue(scraped, "tessera_http_requests_total", {
        route: "/gateway/transactions/:uid",
        status: "404",
      }),
    ).toBe(1);
    expect(sampleValue(scraped, "tessera_http_requests_total", { route: "unmatched", status: "404" })).toBe(
      1,
    );
    expect(
      sampleValue(scraped, "tessera_http_request_duration_seconds_count", {
        route: "/gateway/transactions/tokenizations",
        method: "POST",
        status: "200",
      }),
    ).toBe(3);
    // Transactions by type, status and test flag.
    expect(
      sampleValue(scraped, "tessera_transactions_total", {
        type: "tokenization",
        status: "successful",
        test: "true",
      }),
    ).toBe(3);
    expect(
      sampleValue(scraped, "tessera_transactions_total", { type: "payment", status: "failed", test: "true" }),
    ).toBe(1);
    expect(
      sampleValue(scraped, "tessera_transactions_total", {
        type: "refund",
        status: "successful",
        test: "true",
      }),
    ).toBe(1);
    // Acquirer calls by operation and outcome, timed.
    expect(
      sampleValue(scraped, "tessera_acquirer_calls_total", { operation: "authorize", outcome: "successful" }),
    ).toBe(1);
    expect(
      sampleValue(scraped, "tessera_acquirer_calls_total", { operation: "authorize", outcome: "failed" }),
    ).toBe(1);
    expect(
      sampleValue(scraped, "tessera_acquirer_call_duration_seconds_count", {
        operation: "refund",
        outcome: "successful",
      }),
    ).toBe(1);
    // Statements of this store, timed.
    const store = usePostgres ? "postgres" : "pglite";
    expect(
      sampleValue(scraped, "tessera_db_statement_duration_seconds_count", { store, outcome: "ok" }),
    ).toBeGreaterThan(10);
    // The pool exists on PostgreSQL only.
    const poolTotal = sampleValue(scraped, "tessera_db_pool_connections", { state: "total" });
    if (usePostgres) {
      expect(poolTotal).toBeGreaterThan(0);
      expect(sampleValue(scraped, "tessera_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(poolTotal).toBeUndefined();
    }
    // Each database's transaction-id age, on both stores (the embedded one's templates among them).
    const ages = scraped.filter((sample) => sample.name === "tessera_db_transaction_id_age");
    expect(ages.map((sample) => sample.labels.database)).toEqual(
      expect.arrayContaining(["template0", "template1"]),
    );
    expect(Math.max(...ages.map((sample) => sample.value))).toBeGreaterThan(0);
    // Node's own.
    expect(sampleValue(scraped, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    for (const name of [
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
    ]) {
      expect(sampleValue(scraped, name), name).toBeGreaterThan(0);
    }
    expect(text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram$/m);

    // No label value is, or holds, anything a client sent.
    const values = new Set(scraped.flatMap((sample) => Object.values(sample.labels)));
    for (const value of values) {
      for (const secret of secrets) expect(value, `label value ${value}`).not.toContain(secret);
      expect(value).not.toMatch(/@/);
      for (const digits of value.match(/\d{12,19}/g) ?? []) {
        expect(isLuhnValid(digits), `card-like label value ${value}`).toBe(false);
      }
    }
    // And the label sets are the bounded ones.
    const routes = new Set(
      scraped.filter((sample) => sample.name === "tessera_http_requests_total").map((s) => s.labels.route),
    );
    for (const route of routes)
      expect(route).toMatch(/^(unmatched|\/gateway(\/[a-z0-9_.]+|\/:[A-Za-z_]+|\/\*)*)$/);
  });

  it("counts card-testing refusals by rule", async () => {
    const tester = await gateway.createShop();
    const family = cardFamily(4);
    const statuses: number[] = [];
    for (const number of family) {
      const answer = await callJson(gateway, "/transactions/tokenizations", {
        shop: tester,
        body: tokenizationRequest({}, { number }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const scraped = await samples(gateway);
    expect(sampleValue(scraped, "tessera_rate_limited_total", { rule: "card_family" })).toBe(1);
    expect(
      sampleValue(scraped, "tessera_http_requests_total", {
        route: "/gateway/transactions/tokenizations",
        status: "429",
      }),
    ).toBe(1);
  });

  it("reads the webhook outbox from the database at every scrape", async () => {
    const before = await samples(gateway);
    expect(sampleValue(before, "tessera_outbox_pending", { outbox: "webhook" })).toBe(0);
    // A merchant that does not answer: nothing listens on port 9 of loopback.
    const answer = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { notification_url: "http://127.0.0.1:9/hook" },
        { number: uniqueVisaNumber(7_320_001) },
      ),
    );
    expect(answer.body.transaction.status).toBe("successful");
    const pending = await samples(gateway);
    expect(sampleValue(pending, "tessera_outbox_pending", { outbox: "webhook" })).toBe(1);
    expect(sampleValue(pending, "tessera_outbox_pending_attempts", { outbox: "webhook" })).toBe(0);
    expect(
      sampleValue(pending, "tessera_outbox_oldest_pending_age_seconds", { outbox: "webhook" }),
    ).toBeGreaterThanOrEqual(0);
    await gateway.runtime.notifications.runOnce();
    const retried = await samples(gateway);
    expect(sampleValue(retried, "tessera_outbox_pending", { outbox: "webhook" })).toBe(1);
    expect(sampleValue(retried, "tessera_outbox_pending_attempts", { outbox: "webhook" })).toBe(1);
    expect(sampleValue(retried, "tessera_outbox_failed", { outbox: "webhook" })).toBe(0);
  });

  it("shows the subscription scheduler's lag as it last set it", async () => {
    gateway.runtime.deps.metrics.setSchedulerLag(12.5);
    expect(sampleValue(await samples(gateway), "tessera_subscription_scheduler_lag_seconds")).toBe(12.5);
  });
});

describe("the transactions in flight on /metrics", () => {
  let gateway: TestGateway;
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-03-01T10:00:00.000Z"));

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { METRICS_TOKEN }, clock });
    shop = await gateway.createShop();
  }, 60_000);
  afterAll(() => gateway?.close());

  it("counts them by type with the oldest one's age, read from the database at every scrape", async () => {
    const idle = await samples(gateway);
    for (const type of ["tokenization", "payment", "refund"]) {
      expect(sampleValue(idle, "tessera_transactions_in_flight", { type })).toBe(0);
      expect(sampleValue(idle, "tessera_transactions_in_flight_oldest_age_seconds", { type })).toBe(0);
    }
    const stuck = await createParent(gateway, shop, { type: "payment", amount: 1999, status: "incomplete" });
    clock.advance(30 * 60_000);
    await createParent(gateway, shop, { type: "payment", amount: 2999, status: "incomplete" });
    clock.advance(90 * 60_000);
    const waiting = await samples(gateway);
    expect(sampleValue(waiting, "tessera_transactions_in_flight", { type: "payment" })).toBe(2);
    expect(
      sampleValue(waiting, "tessera_transactions_in_flight_oldest_age_seconds", { type: "payment" }),
    ).toBe(2 * 3600);
    expect(sampleValue(waiting, "tessera_transactions_in_flight", { type: "authorization" })).toBe(0);

    // The oldest ends: the age is the next one's.
    const [row] = await gateway.runtime.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.uid, stuck.uid));
    await finishTransactions(gateway.runtime.deps.db, gateway.runtime.deps, [
      {
        uid: stuck.uid,
        shopId: shop.id,
        status: "error",
        columns: ownColumns(row),
        body: row.body as OwnBody,
        keepCard: false,
        discardCard: null,
        notificationUrl: null,
      },
    ]);
    const after = await samples(gateway);
    expect(sampleValue(after, "tessera_transactions_in_flight", { type: "payment" })).toBe(1);
    expect(sampleValue(after, "tessera_transactions_in_flight_oldest_age_seconds", { type: "payment" })).toBe(
      90 * 60,
    );
  });
});

describe("where /metrics is served", () => {
  it("is not on the main port when no token is set (404)", async () => {
    const gateway = await startTestGateway();
    try {
      expect((await gateway.call("/metrics")).status).toBe(404);
      expect(gateway.runtime.metricsServer).toBeNull();
    } finally {
      await gateway.close();
    }
  }, 60_000);

  it("is on METRICS_PORT, bound to loopback, without a token", async () => {
    const gateway = await startTestGateway({ env: { METRICS_PORT: "0" } });
    try {
      const port = gateway.runtime.metricsServer?.port;
      expect(port).toBeGreaterThan(0);
      await gateway.call("/health/live");
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const scraped = parseExposition(await response.text());
      expect(
        sampleValue(scraped, "tessera_http_requests_total", { route: "/gateway/health/live", status: "200" }),
      ).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // Loopback only: the machine's other addresses do not answer.
      const { networkInterfaces } = await import("node:os");
      const external = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
      if (external) {
        await expect(fetch(`http://${external.address}:${port}/metrics`)).rejects.toThrow();
      }
      // And the main port still refuses it: no token is configured there.
      expect((await gateway.call("/metrics")).status).toBe(404);
    } finally {
      await gateway.close();
    }
  }, 60_000);
});
