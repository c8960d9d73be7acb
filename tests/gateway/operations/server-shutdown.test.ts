import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { notificationDeliveries } from "@/lib/db/schema";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { basicAuthorization } from "../harness";
import { cardRequest, post, startServerProcess } from "../ops-process";
import { startWebhookReceiver } from "../webhook-receiver";

/**
 * The production entry, server.ts (what `npm start` runs once the app is built), as a process of its own on an
 * embedded database in a new directory, taken through a SIGTERM with a slow payment and a page under way. The Next.js app is a stand-in (tests/gateway/next-stub): the build it needs takes minutes, and
 * what is under test is server.ts's wiring around it. The gateway-only entry's shutdown under load is
 * graceful-shutdown.test.ts.
 */
vi.setConfig({ testTimeout: 180_000 });

const GRACE_SECONDS = 10;
const NEXT_STUB = "./tests/gateway/next-stub/register.mjs";

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/**
 * A non-loopback address of this machine: a connection from it to 127.0.0.1 is, to the server, one from elsewhere
 * (a load balancer's, a client's). Null on a machine without one.
 */
const OUTSIDE_ADDRESS =
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address ?? null;

/** A GET over a connection of its own (from `localAddress` when given), never rejecting: a failure is its error. */
function get(
  url: string,
  localAddress?: string,
): Promise<{ status: number | null; body: string; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, localAddress }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? null, body, connection: response.headers.connection }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: null, body: "", error: error.code ?? error.message }),
    );
  });
}

/**
 * A connection opened before the signal with a request begun on it (the request line and a header, not yet the
 * blank line that ends the headers): a load balancer's probe arriving during the drain. `finish()` ends the request
 * and resolves with the raw answer.
 */
async function heldRequest(origin: string, requestPath: string) {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let raw = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    raw += chunk;
  });
  const ended = new Promise<string>((resolve) => {
    socket.once("close", () => resolve(raw));
    socket.once("error", () => resolve(raw));
  });
  socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return {
    finish(): Promise<string> {
      socket.write("Accept: application/json\r\n\r\n");
      return ended;
    },
  };
}

it("server.ts on SIGTERM: not ready, finishes the payment and the page in flight, refuses new connections, stops its workers and exits 0", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-server-shutdown-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());

  const spawnedAt = Date.now();
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      MASTER_KEY: randomBytes(32).toString("hex"),
      DEMO_SHOPS: "true",
      LOG_LEVEL: "info",
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    "server.ts",
    [NEXT_STUB],
  );
  cleanups.push(() => server.stop());
  const startedAt = Date.now();
  const [demo] = DEMO_SHOPS;
  const authorization = basicAuthorization(demo.id, demo.secretKey);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  cleanups.push(() => agent.destroy());

  // Before the signal: ready (from elsewhere too), and the webhook worker delivers at once.
  expect((await get(`${server.origin}/gateway/health/ready`)).status).toBe(200);
  if (OUTSIDE_ADDRESS) {
    expect((await get(`${server.origin}/gateway/health/ready`, OUTSIDE_ADDRESS)).status).toBe(200);
  }
  const notified = (trackingId: string, amount?: number) => ({
    request: { ...cardRequest(trackingId, { amount }).request, notification_url: `${receiver.origin}/hook` },
  });
  const tokenized = await post(
    agent,
    `${server.origin}/transactions/tokenizations`,
    authorization,
    notified("server-shutdown-before"),
  );
  expect(tokenized.status, tokenized.body).toBe(200);
  await receiver.waitFor(1, 20_000);

  const probe = await heldRequest(server.origin, "/gateway/health/ready");
  // The sandbox's slow approval (3 s, an amount ending in 091) with a webhook, and a page whose server code calls
  // the gateway 4 s from now: the payment's delivery is due during the drain, for more than a second.
  const payment = post(
    new http.Agent({ keepAlive: false }),
    `${server.origin}/transactions/payments`,
    authorization,
    notified("server-shutdown-slow", 1091),
  );
  const page = get(`${server.origin}/slow-page?ms=4000`);
  // Both requests read by the server before the signal.
  await new Promise((resolve) => setTimeout(resolve, 700));

  const signalledAt = Date.now();
  server.child.kill("SIGTERM");
  const exitedAt = server.exited.then((code) => ({ code, at: Date.now() }));

  // A probe arriving once the server has taken the signal (its log says so: a fixed wait lost the race on a busy
  // machine, where the rest of the probe's request could be read first) is told the process is going away, and that
  // its connection closes.
  for (let waited = 0; !server.output().includes('"msg":"shutting down"'); waited += 10) {
    if (waited > 10_000) throw new Error(`no "shutting down" line 10 s after SIGTERM:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const probeAnswer = await probe.finish();
  expect(probeAnswer).toMatch(/^HTTP\/1\.1 503 /);
  expect(probeAnswer).toMatch(/\r\nconnection: close\r\n/i);
  expect(probeAnswer).toContain('"reason":"shutting_down"');

  // While the page is answered the listener stays open, but only for the checkout app's own calls over loopback: a
  // connection from elsewhere is closed unread.
  if (OUTSIDE_ADDRESS) {
    const outside = await get(`${server.origin}/gateway/health/live`, OUTSIDE_ADDRESS);
    expect(outside.status, JSON.stringify(outside)).toBeNull();
    expect(outside.error).toBe("ECONNRESET");
  } else {
    console.warn("no non-loopback address here: a connection from elsewhere during the drain is not tried");
  }

  // The page in flight could still call its own gateway over loopback, and was answered.
  const pageAnswer = await page;
  expect(pageAnswer).toMatchObject({ status: 200, body: "gateway answered 200", connection: "close" });

  // With no page left, the listener is closed: a new connection is refused (within moments, however busy the machine).
  let late = await get(`${server.origin}/gateway/health/live`);
  for (let tries = 0; late.error !== "ECONNREFUSED" && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    late = await get(`${server.origin}/gateway/health/live`);
  }
  expect(late.error, JSON.stringify(late)).toBe("ECONNREFUSED");

  // The payment in flight at the signal was finished and stored, its connection told to close.
  const paid = await payment;
  expect(paid.status, paid.body).toBe(200);
  expect(JSON.parse(paid.body).transaction).toMatchObject({ status: "successful", amount: 1091 });
  expect(paid.connection).toBe("close");
  expect(paid.startedAt).toBeLessThan(signalledAt);

  const exit = await exitedAt;
  expect(exit.code, server.output()).toBe(0);
  expect(exit.at - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
  expect(server.output()).toContain('"msg":"shut down"');

  // The workers stopped at the signal: the payment's delivery, due during the drain, was left to the next instance
  // (outbox rows they had claimed are handed back: shutdown-workers.test.ts).
  expect(receiver.received.map((request) => JSON.parse(request.body).transaction.tracking_id)).toEqual([
    "server-shutdown-before",
  ]);
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const [delivery] = await database.db
      .select({ status: notificationDeliveries.status, attempts: notificationDeliveries.attempts })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.transactionUid, JSON.parse(paid.body).transaction.uid));
    expect(delivery).toEqual({ status: "pending", attempts: 0 });
  } finally {
    await database.close();
  }
  console.info(
    `server.ts shutdown: listening ${startedAt - spawnedAt} ms after spawn, ` +
      `exited ${exit.at - signalledAt} ms after SIGTERM`,
  );
});
