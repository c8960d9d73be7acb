import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { serve } from "@hono/node-server";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import type { ShopSettingsInput } from "@/lib/contracts/shop-settings";
import { type DatabaseHandle, openDatabase } from "@/lib/db/client";
import type { Acquirer } from "@/lib/gateway/acquirer/acquirer";
import type { Clock } from "@/lib/gateway/clock";
import { type GatewayRuntime, startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { type CreatedShop, createShop } from "@/lib/gateway/shops/create-shop";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { expectDocumentedAnswer } from "./openapi-answers";

/** The server under test: PGlite in memory by default, a fresh PostgreSQL database with TEST_DATABASE=postgres. */
export const usePostgres = process.env.TEST_DATABASE === "postgres";
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string | null;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/**
 * A database of the test's own: created here, dropped by `drop()`. Embedded databases live in memory unless a
 * directory is given (to inspect the files PGlite writes).
 */
export async function createTestDatabase(options: { embeddedDir?: string } = {}): Promise<TestDatabase> {
  if (!usePostgres) {
    const dataDir = options.embeddedDir ?? "memory://";
    return { url: null, open: () => openDatabase({ databaseUrl: null, dataDir }), drop: async () => {} };
  }
  const name = `tessera_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    open: () => openDatabase({ databaseUrl: url, dataDir: "memory://", poolSize: 40 }),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestShop extends CreatedShop {
  authorization: string;
}

export interface TestGateway {
  /** Base URL of the gateway, e.g. http://127.0.0.1:41234/gateway */
  url: string;
  runtime: GatewayRuntime;
  /** Every log line the server wrote. */
  logs: string[];
  /** The PostgreSQL database it runs on (null: the embedded one). */
  databaseUrl: string | null;
  /** A test-mode shop unless `options.test` is false. */
  createShop(settings?: ShopSettingsInput, name?: string, options?: { test?: boolean }): Promise<TestShop>;
  /** fetch against the gateway; `body` objects are sent as JSON; a JSON answer must be as the OpenAPI document says. */
  call(
    path: string,
    init?: { method?: string; shop?: TestShop; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const MASTER_KEY = randomBytes(32).toString("hex");

export async function startTestGateway(
  options: {
    clock?: Clock;
    database?: TestDatabase;
    masterKey?: string;
    /** Environment variables on top of the harness's own (e.g. THREE_D_SECURE_TTL_SECONDS), parsed by loadConfig. */
    env?: Record<string, string>;
    /** The acquirer money moves through (default: the sandbox acquirer). */
    acquirer?: Acquirer;
  } = {},
): Promise<TestGateway> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = !options.database;
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    PUBLIC_URL: "http://localhost:3999",
    MASTER_KEY: options.masterKey ?? MASTER_KEY,
    DATA_DIR: "/tmp/tessera-test-unused",
    LOG_LEVEL: "debug",
    // Every test's hosted-page attempts come from this machine's one address; velocity.test.ts sets a limit.
    CHECKOUT_ATTEMPTS_PER_ADDRESS: "0",
    LINK_OPENS_PER_ADDRESS: "0",
    ...options.env,
  });
  const handle = await database.open();
  let runtime: GatewayRuntime;
  try {
    runtime = await startGatewayRuntime({
      config,
      logger,
      clock: options.clock,
      database: handle,
      demoShops: false,
      // Tests run the notification worker by hand (`runtime.notifications.runOnce()`) or start it themselves.
      backgroundWorkers: false,
      acquirer: options.acquirer,
    });
  } catch (error) {
    // A failed start (say, the wrong master key) must not leave a pool behind: dropping the database would
    // then kill its connections and surface as an unhandled error in whichever test runs next.
    await handle.close();
    if (ownsDatabase) await database.drop();
    throw error;
  }
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: "127.0.0.1" });
  // Idle connections are closed by the tests' client (fetch keeps them 4 s), never by this server: with both
  // closing on timers (Node's 5 s here), a request sent as the server closed the connection failed with "other side
  // closed" when a busy worker ran its timers late. `close()` still ends idle connections.
  (server as http.Server).keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/gateway`;

  return {
    url,
    runtime,
    logs,
    databaseUrl: database.url,
    async createShop(settings = {}, name = "Test Shop", shopOptions = {}) {
      const shop = await createShop({
        db: runtime.deps.db,
        keyring: runtime.deps.keyring,
        name,
        // Test shops are cleared for payouts, as the demo shops are (in the currencies the tests pay out in); a test
        // of the switch or of the currencies sets its own.
        settings: {
          payouts_allowed: true,
          payout_currencies: ["EUR", "USD", "JPY", "HUF", "KWD"],
          ...settings,
        },
        test: shopOptions.test,
      });
      return { ...shop, authorization: basicAuthorization(shop.id, shop.secretKey) };
    },
    async call(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.shop) headers.authorization = init.shop.authorization;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
        headers["content-type"] ??= "application/json";
      }
      const method = init.method ?? (body ? "POST" : "GET");
      const response = await fetch(`${url}${path}`, { method, headers, body });
      // Every JSON answer a test reads is what the gateway's OpenAPI document says it is (openapi-answers.ts).
      if ((response.headers.get("content-type") ?? "").startsWith("application/json")) {
        await expectDocumentedAnswer(url, method, path, response.status, await response.clone().text());
      }
      return response;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        await runtime.close();
      } finally {
        // Even when the runtime's close fails (a test that closed its database itself, as the health test's last
        // does): a database left behind is one more on the server at every run.
        if (ownsDatabase) await database.drop();
      }
    },
  };
}

/**
 * The gateways of a test of what instances do at once, started before the suite's tests and closed after them: two
 * sharing one PostgreSQL database (two instances of a deployment), or one on the embedded database, which only one
 * process can open. `options` gives each instance its own (an acquirer, say), by its index.
 */
export function instancesOnOneDatabase(
  options: (index: number) => Omit<Parameters<typeof startTestGateway>[0], "database"> = () => ({}),
): TestGateway[] {
  const instances: TestGateway[] = [];
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    instances.push(await startTestGateway({ ...options(0), database }));
    if (usePostgres) instances.push(await startTestGateway({ ...options(1), database }));
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.drop();
  });
  return instances;
}

export function basicAuthorization(user: string | number, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

/** A valid card expiry two years ahead, as the strings a client sends. */
export function futureExpiry(): { exp_month: string; exp_year: string } {
  return { exp_month: "12", exp_year: String(new Date().getUTCFullYear() + 2) };
}

/** The smallest valid tokenization request; override any field. */
export function tokenizationRequest(
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
) {
  return {
    request: {
      amount: 100,
      currency: "USD",
      description: "Test order",
      credit_card: {
        number: "4200000000000000",
        verification_value: "123",
        holder: "John Doe",
        ...futureExpiry(),
        ...card,
      },
      ...overrides,
    },
  };
}

/** Luhn-valid Visa numbers that differ from each other (prefix 4 + counter + check digit). */
export function uniqueVisaNumber(seed: number, length = 16): string {
  const body = `4${String(seed).padStart(length - 2, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Parsed JSON of a response; its shape is what the assertions check. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response fields and assert on them
export type JsonBody = any;

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: JsonBody;
}

/** Sends a request through `gateway.call` and reads the JSON answer. */
export async function callJson(
  gateway: TestGateway,
  path: string,
  init?: Parameters<TestGateway["call"]>[1],
): Promise<JsonResponse> {
  const logged = gateway.logs.length;
  const response = await gateway.call(path, init);
  const text = await response.text();
  if (response.status >= 500) {
    // The body says only "Internal server error"; the cause is in the server's log.
    for (const line of gateway.logs.slice(logged)) {
      const entry = JSON.parse(line);
      if (entry.level < 50) continue;
      const cause = String(entry.err?.message ?? entry.err ?? "").split("\n");
      console.error(`${entry.msg}: ${cause[0].slice(0, 120)} … ${cause[cause.length - 1].slice(-160)}`);
    }
  }
  return { status: response.status, headers: response.headers, body: text === "" ? null : JSON.parse(text) };
}

/** POST /transactions/tokenizations as `shop`. */
export function postTokenization(gateway: TestGateway, shop: TestShop, body: unknown): Promise<JsonResponse> {
  return callJson(gateway, "/transactions/tokenizations", { shop, body });
}

/** Card expiry `offset` months from the current UTC month (0: this month, -1: last month), as strings. */
export function expiryMonthsFromNow(
  offset: number,
  now = new Date(),
): { exp_month: string; exp_year: string } {
  const months = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return { exp_month: String((months % 12) + 1), exp_year: String(Math.floor(months / 12)) };
}
