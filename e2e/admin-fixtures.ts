import { type ChildProcess, spawn } from "node:child_process";
import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { DEMO_SHOPS } from "../lib/demo/demo-shops";
import { freePort } from "../tests/free-port";

/**
 * Fixtures of the admin specs: the published demo shop 1 credentials, a signed-in page, data created through the
 * gateway's public API as a merchant's server would, and a merchant webhook receiver of the test's own (a real
 * node:http server on a free port).
 */

export const ADMIN_SHOP = DEMO_SHOPS[0];
/** The demo shop with 3-D Secure on (tokenizations need a `return_url`). Only ever read by the admin specs. */
export const THREE_D_SECURE_SHOP = DEMO_SHOPS[1];

export interface ShopCredentials {
  id: number;
  secretKey: string;
}

export function basicAuth(shopId: number, secretKey: string): string {
  return `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}`;
}

/** Unique per test and run: parallel tests and repeated runs never see each other's records. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export async function signIn(
  page: Page,
  secretKey: string = ADMIN_SHOP.secretKey,
  shopId: number = ADMIN_SHOP.id,
): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Shop id").fill(String(shopId));
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

/**
 * A tokenization made through the gateway API as a merchant's server would: by default a successful one with the
 * demo shop's credentials; `expectedStatus` for a card the sandbox declines.
 */
export async function tokenize(
  request: APIRequestContext,
  options: {
    trackingId: string;
    notificationUrl?: string;
    shop?: ShopCredentials;
    cardNumber?: string;
    returnUrl?: string;
    expectedStatus?: string;
    /** The shopper's e-mail, sent as `customer.email`. */
    email?: string;
  },
): Promise<{ uid: string; amount: number }> {
  const shop = options.shop ?? ADMIN_SHOP;
  // A fresh amount: the duplicate check refuses the same card and amount within 30 s, and tests run in parallel.
  const amount = randomInt(10_000, 9_000_000);
  const response = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: basicAuth(shop.id, shop.secretKey) },
    data: {
      request: {
        amount,
        currency: "EUR",
        description: "Admin e2e order",
        tracking_id: options.trackingId,
        notification_url: options.notificationUrl,
        return_url: options.returnUrl,
        ...(options.email ? { customer: { email: options.email } } : {}),
        credit_card: {
          number: options.cardNumber ?? "4200000000000000",
          verification_value: "123",
          holder: "Ada Lovelace",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe(options.expectedStatus ?? "successful");
  return { uid: transaction.uid, amount };
}

/** A customer created through the gateway API (201), as a merchant's server would. */
export async function createCustomer(
  request: APIRequestContext,
  body: Record<string, unknown>,
  shop: ShopCredentials = ADMIN_SHOP,
): Promise<{ id: string; email: string; external_id: string | null }> {
  const response = await request.post("/gateway/customers", {
    headers: { authorization: basicAuth(shop.id, shop.secretKey) },
    data: { ip: "198.51.100.7", ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** The shop's customers with this e-mail address, as the gateway API lists them. */
export async function customersWithEmail(
  request: APIRequestContext,
  email: string,
  shop: ShopCredentials = ADMIN_SHOP,
): Promise<{ id: string; email: string }[]> {
  const response = await request.get(`/gateway/customers?email=${encodeURIComponent(email)}`, {
    headers: { authorization: basicAuth(shop.id, shop.secretKey) },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * A Tessera server of the test's own: the same production build and start-up as the shared one, on a free port
 * with a fresh embedded database, so its demo shops belong to this test alone. For what the shared demo shops
 * must not see (saved settings, a rotated secret key) while other specs use them in parallel. Starting takes a
 * few seconds (the database is created and migrated).
 */
export interface PrivateServer {
  baseURL: string;
  /** The fresh database's demo shop 1, with its published secret key. */
  shop: ShopCredentials;
}

async function startPrivateServer(): Promise<{ server: PrivateServer; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-e2e-private-"));
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    LOG_LEVEL: "warn",
    ALLOW_PRIVATE_URLS: "true",
    // As for the shared server (playwright.config.ts): Playwright's request client ignores the server's Keep-Alive
    // hint, and a request sent as the server closes the idle connection fails with ECONNRESET.
    KEEP_ALIVE_TIMEOUT_SECONDS: "120",
  };
  for (const name of ["DATABASE_URL", "MASTER_KEY", "GATEWAY_BASE_URL", "NODE_ENV"]) delete env[name];
  // server.ts itself, not `npm start`: the shared server's start-up has already built the app.
  const child: ChildProcess = spawn(process.execPath, ["scripts/run.mjs", "server.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      // The server's own process group (detached above): the server and nothing else.
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The private server exited at start-up:\n${output}`);
    }
    const healthy = await fetch(`${baseURL}/gateway/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The private server did not start within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { server: { baseURL, shop: { id: ADMIN_SHOP.id, secretKey: ADMIN_SHOP.secretKey } }, stop };
}

export const test = base.extend<{
  signedIn: Page;
  webhookReceiver: WebhookReceiver;
  privateServer: PrivateServer;
}>({
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
  privateServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const { server, stop } = await startPrivateServer();
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    // Its own time limit: starting a server is not the test's time.
    { timeout: 120_000 },
  ],
});

export { expect };
