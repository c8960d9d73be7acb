import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * Fixtures of the hosted checkout specs: sessions created through the gateway's public API with the demo shops'
 * published credentials, and a merchant of the test's own (a real node:http server) whose return URLs the shopper
 * lands on and whose notification_url receives the webhook.
 */

export const DEMO_SHOP_1 = { id: 1, secretKey: "demo_secret_key_shop_1_without_3ds" };
export const DEMO_SHOP_2 = { id: 2, secretKey: "demo_secret_key_shop_2_with_3ds" };
export type DemoShop = typeof DEMO_SHOP_1;

export function basicAuth(shop: DemoShop): string {
  return `Basic ${Buffer.from(`${shop.id}:${shop.secretKey}`).toString("base64")}`;
}

/**
 * An amount no other test uses at the same time: the gateway's duplicate check refuses the same card for the same
 * amount within 30 s, and parallel tests pay with the same test cards. Its last three digits stay clear of the
 * endings the sandbox acquirer answers specially (declines, a processor error, a slow answer: 005 to 096).
 */
export function uniqueAmount(): number {
  return randomInt(10, 9_000) * 1_000 + randomInt(200, 1_000);
}

export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
}

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Merchant {
  /** Origin of the merchant's server, e.g. http://127.0.0.1:41234 */
  origin: string;
  received: ReceivedRequest[];
  /** Resolves with the first request whose path is `path` (now or later). */
  waitFor(path: string, timeoutMs?: number): Promise<ReceivedRequest>;
}

async function startMerchant(): Promise<{ merchant: Merchant; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const waiters: { path: string; resolve: (request: ReceivedRequest) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = {
        method: request.method ?? "GET",
        url: new URL(request.url ?? "/", "http://merchant.test"),
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(entry);
      for (const waiter of waiters.filter((candidate) => candidate.path === entry.url.pathname)) {
        waiter.resolve(entry);
      }
      if (entry.method === "POST") {
        // `/verify-slow`: a merchant that takes its time approving (a payment stays pending meanwhile).
        const delay = entry.url.pathname === "/verify-slow" ? 2_000 : 0;
        setTimeout(() => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end('{"code":0}');
        }, delay);
      } else if (entry.url.pathname === "/frame") {
        // The merchant's own page embedding the hosted page.
        const src = (entry.url.searchParams.get("src") ?? "").replace(/"/g, "&quot;");
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><title>Shop</title><iframe title="Payment" src="${src}" width="600" height="800"></iframe>`,
        );
      } else {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><title>Merchant</title><h1>Merchant ${entry.url.pathname}</h1>`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const merchant: Merchant = {
    origin: `http://127.0.0.1:${port}`,
    received,
    waitFor(path, timeoutMs = 20_000) {
      const already = received.find((entry) => entry.url.pathname === path);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`merchant: no request to ${path}`)), timeoutMs);
        waiters.push({
          path,
          resolve: (entry) => {
            clearTimeout(timer);
            resolve(entry);
          },
        });
      });
    },
  };
  return {
    merchant,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SessionOptions {
  shop?: DemoShop;
  /** tokenization (the default), payment or authorization. */
  transactionType?: string;
  /** A test-mode session unless false. */
  test?: boolean;
  amount?: number;
  currency?: string;
  attempts?: number;
  expiredAt?: string;
  settings?: Record<string, unknown>;
  customer?: Record<string, unknown>;
  /** A stored card's token: the session is paid with it (oneclick). */
  savedCardToken?: string;
}

export interface CreatedSession {
  token: string;
  /** The session's `redirect_url`: beGateway's widget address, `/widget/hpp.html?token=…`, which leads to the page. */
  redirectUrl: string;
  /** The page's own address, `/checkout/{token}`, where the widget address leads. */
  pageUrl: string;
  amount: number;
}

/** The merchant's return URLs on the test's own server; `autoReturn` null leaves auto_return unset. */
export function merchantUrls(merchant: Merchant, autoReturn: number | null = 0) {
  return {
    success_url: `${merchant.origin}/success?order=42`,
    decline_url: `${merchant.origin}/decline`,
    fail_url: `${merchant.origin}/fail`,
    cancel_url: `${merchant.origin}/cancel`,
    ...(autoReturn === null ? {} : { auto_return: autoReturn }),
  };
}

export async function createSession(
  request: APIRequestContext,
  options: SessionOptions = {},
): Promise<CreatedSession> {
  const amount = options.amount ?? uniqueAmount();
  const response = await request.post("/gateway/ctp/api/checkouts", {
    headers: { authorization: basicAuth(options.shop ?? DEMO_SHOP_1) },
    data: {
      checkout: {
        transaction_type: options.transactionType ?? "tokenization",
        test: options.test ?? true,
        attempts: options.attempts ?? 1,
        order: {
          amount,
          currency: options.currency ?? "USD",
          description: "Two tickets to the harbour tour",
          tracking_id: `e2e-${amount}`,
          ...(options.expiredAt ? { expired_at: options.expiredAt } : {}),
        },
        settings: { language: "en", ...options.settings },
        ...(options.customer ? { customer: options.customer } : {}),
        ...(options.savedCardToken
          ? { payment_method: { credit_card: { token: options.savedCardToken } } }
          : {}),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { checkout } = await response.json();
  const pageUrl = new URL(`/checkout/${checkout.token}`, checkout.redirect_url).href;
  return { token: checkout.token, redirectUrl: checkout.redirect_url, pageUrl, amount };
}

/** A card stored through the API, as a merchant keeps it for oneclick payments; answers its token. */
export async function storeCard(request: APIRequestContext, number: string, shop: DemoShop = DEMO_SHOP_1) {
  const response = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: basicAuth(shop) },
    data: {
      request: {
        amount: uniqueAmount(),
        currency: "USD",
        description: "Card on file",
        credit_card: {
          number,
          verification_value: number.startsWith("3") ? "1234" : "123",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");
  return transaction.credit_card.token as string;
}

/** The merchant's view of a session (shop credentials), as a merchant confirms a payment. */
export async function merchantView(request: APIRequestContext, token: string, shop: DemoShop = DEMO_SHOP_1) {
  const response = await request.get(`/gateway/ctp/api/checkouts/${token}`, {
    headers: { authorization: basicAuth(shop) },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).checkout;
}

export async function fillCard(
  page: Page,
  card: { number: string; expiry?: string; code?: string; holder?: string },
): Promise<void> {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Expiry date").fill(card.expiry ?? futureExpiry());
  await page.getByLabel("Security code").fill(card.code ?? "123");
  if (card.holder) await page.getByLabel("Name on card").fill(card.holder);
}

export const test = base.extend<{ merchant: Merchant }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  merchant: async ({}, use) => {
    const started = await startMerchant();
    await use(started.merchant);
    await started.close();
  },
});

export { expect };
