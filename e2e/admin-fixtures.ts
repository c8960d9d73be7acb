import { randomInt, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { DEMO_SHOPS } from "../lib/demo-shops";

/**
 * Fixtures of the admin specs: the published demo shop 1 credentials, a signed-in page, data created through the
 * gateway's public API as a merchant's server would, and a merchant webhook receiver of the test's own (a real
 * node:http server on a free port).
 */

export const ADMIN_SHOP = DEMO_SHOPS[0];

export function basicAuth(shopId: number, secretKey: string): string {
  return `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}`;
}

/** Unique per test and run: parallel tests and repeated runs never see each other's records. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export async function signIn(page: Page, secretKey: string = ADMIN_SHOP.secretKey): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Shop id").fill(String(ADMIN_SHOP.id));
  await page.getByLabel("Secret key").fill(secretKey);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` webhooks have arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
}

async function startReceiver(): Promise<{ receiver: WebhookReceiver; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"code":0}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/webhooks/tessera`,
    received,
    async waitForCount(count, timeoutMs = 20_000) {
      await expect.poll(() => received.length, { timeout: timeoutMs }).toBeGreaterThanOrEqual(count);
      return received;
    },
  };
  return {
    receiver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A successful tokenization made through the gateway API with the demo shop's credentials. */
export async function tokenize(
  request: APIRequestContext,
  options: { trackingId: string; notificationUrl?: string },
): Promise<{ uid: string; amount: number }> {
  // A fresh amount: the duplicate check refuses the same card and amount within 30 s, and tests run in parallel.
  const amount = randomInt(10_000, 9_000_000);
  const response = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
    data: {
      request: {
        amount,
        currency: "EUR",
        description: "Admin e2e order",
        tracking_id: options.trackingId,
        notification_url: options.notificationUrl,
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          holder: "Ada Lovelace",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");
  return { uid: transaction.uid, amount };
}

export const test = base.extend<{ signedIn: Page; webhookReceiver: WebhookReceiver }>({
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  webhookReceiver: async ({}, use) => {
    const { receiver, close } = await startReceiver();
    await use(receiver);
    await close();
  },
});

export { expect };
