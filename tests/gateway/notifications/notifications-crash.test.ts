import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../free-port";
import {
  basicAuthorization,
  createTestDatabase,
  MASTER_KEY,
  startTestGateway,
  type TestDatabase,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface GatewayProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/**
 * `scripts/gateway.ts` in a process of its own, run by node through scripts/run.mjs (not through npx, whose wrapper
 * processes would survive a SIGKILL aimed at the gateway).
 */
async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      MASTER_KEY,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${output.join("")}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${output.join("")}`));
    });
  });
  child.removeAllListeners("exit");
  return { url: `http://127.0.0.1:${port}/gateway`, child, output };
}

async function kill(gateway: GatewayProcess, signal: NodeJS.Signals): Promise<void> {
  if (gateway.child.exitCode !== null || gateway.child.signalCode !== null) return;
  const exited = new Promise((resolve) => gateway.child.once("exit", resolve));
  gateway.child.kill(signal);
  await exited;
}

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("notifications across a crash", () => {
  let embeddedDir: string;
  let database: TestDatabase;
  let shop: TestShop;
  let receiverPort: number;
  let receiver: WebhookReceiver | null = null;
  let gateway: GatewayProcess | null = null;

  beforeAll(async () => {
    embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-crash-"));
    database = await createTestDatabase({ embeddedDir: path.join(embeddedDir) });
    // The shop is made through an in-process gateway first; the embedded database then goes to the child.
    const setup = await startTestGateway({ database });
    shop = await setup.createShop();
    await setup.close();
    receiverPort = await freePort();
  });

  afterAll(async () => {
    if (gateway) await kill(gateway, "SIGKILL");
    await receiver?.close();
    await database.drop();
    fs.rmSync(embeddedDir, { recursive: true, force: true });
  });

  const databaseEnv = (): Record<string, string> =>
    usePostgres && database.url ? { DATABASE_URL: database.url } : { DATA_DIR: embeddedDir };

  async function call(pathname: string, body?: unknown) {
    const response = await fetch(`${gateway!.url}${pathname}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: basicAuthorization(shop.id, shop.secretKey),
        "content-type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  it("delivers every notification exactly once after a SIGKILL, and none for a duplicate", async () => {
    gateway = await startGatewayProcess(databaseEnv());
    const notificationUrl = `http://127.0.0.1:${receiverPort}/hooks`;
    const accepted: string[] = [];
    for (let index = 0; index < 5; index++) {
      const number = index === 4 ? "4005550000000019" : uniqueVisaNumber(95_000 + index);
      const response = await call(
        "/transactions/tokenizations",
        tokenizationRequest({ notification_url: notificationUrl, tracking_id: `crash-${index}` }, { number }),
      );
      expect(response.status).toBe(200);
      accepted.push(response.body.transaction.uid);
    }
    const duplicate = await call(
      "/transactions/tokenizations",
      tokenizationRequest({ notification_url: notificationUrl }, { number: uniqueVisaNumber(95_000) }),
    );
    expect(duplicate.status).toBe(422);

    // The receiver is down: every delivery fails its first attempt and waits for its retry.
    await waitUntil(async () => {
      const lists = await Promise.all(accepted.map((uid) => call(`/transactions/${uid}/notifications`)));
      return lists.every((list) => list.body.notifications[0]?.attempts.length >= 1);
    }, "every delivery was attempted once");
    await kill(gateway, "SIGKILL");

    receiver = await startWebhookReceiver(receiverPort);
    receiver.answer = () => ({ status: 200 });
    gateway = await startGatewayProcess(databaseEnv());
    await receiver.waitFor(accepted.length, 30_000);
    // Longer than a few polls of the worker: anything sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const notified = receiver.received.map((request) => JSON.parse(request.body).transaction.uid);
    expect(notified).toHaveLength(accepted.length);
    expect(new Set(notified)).toEqual(new Set(accepted));
    for (const uid of accepted) {
      const [delivery] = (await call(`/transactions/${uid}/notifications`)).body.notifications;
      expect(delivery.status).toBe("delivered");
      expect(delivery.attempts.map((attempt: { succeeded: boolean }) => attempt.succeeded)).toEqual([
        false,
        true,
      ]);
    }
  }, 120_000);
});
