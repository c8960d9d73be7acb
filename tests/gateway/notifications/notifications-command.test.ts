import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notificationDeliveries } from "@/lib/db/schema";
import {
  createTestDatabase,
  MASTER_KEY,
  postTokenization,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

/**
 * `npm run notifications -- list|resend <uid>` (scripts/notifications.ts) against a database of the test's own:
 * an embedded data directory (or a PostgreSQL database with TEST_DATABASE=postgres). The script opens the
 * database itself, so the in-process gateway that made the transactions is closed while it runs: one process
 * owns an embedded data directory at a time.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

let dataDir: string;
let database: TestDatabase;
let receiver: WebhookReceiver;
let notifiedUid: string;
let silentUid: string;
let incompleteUid: string;

/** Runs the package.json script as a merchant's operator would. */
function runCommand(...args: string[]): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "test",
    MASTER_KEY,
    ...(usePostgres && database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
  };
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "notifications", "--", ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The gateway on the test's database, for as long as `use` runs (never while the command does). */
async function withGateway<T>(use: (gateway: TestGateway) => Promise<T>): Promise<T> {
  const gateway = await startTestGateway({ database });
  try {
    return await use(gateway);
  } finally {
    await gateway.close();
  }
}

async function deliveriesOf(gateway: TestGateway, uid: string) {
  return gateway.runtime.deps.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.transactionUid, uid))
    .orderBy(notificationDeliveries.createdAt);
}

/** Runs the worker until nothing is due. */
async function drain(gateway: TestGateway): Promise<void> {
  while ((await gateway.runtime.notifications.runOnce()) > 0);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-notifications-command-"));
  database = await createTestDatabase({ embeddedDir: dataDir });
  receiver = await startWebhookReceiver();
  receiver.answer = () => ({ status: 200 });
  await withGateway(async (gateway) => {
    const shop = await gateway.createShop();
    const threeDSecureShop = await gateway.createShop({ three_d_secure: true }, "3-D Secure Shop");
    const tokenize = async (
      as: typeof shop,
      overrides: Record<string, unknown>,
      number: string,
    ): Promise<{ uid: string; status: string }> => {
      const response = await postTokenization(gateway, as, tokenizationRequest(overrides, { number }));
      expect(response.status).toBe(200);
      return response.body.transaction;
    };
    notifiedUid = (
      await tokenize(shop, { notification_url: `${receiver.origin}/hooks` }, uniqueVisaNumber(97_001))
    ).uid;
    silentUid = (await tokenize(shop, {}, uniqueVisaNumber(97_002))).uid;
    const incomplete = await tokenize(
      threeDSecureShop,
      { notification_url: `${receiver.origin}/hooks`, return_url: `${receiver.origin}/return` },
      "4012000000001097",
    );
    expect(incomplete.status).toBe("incomplete");
    incompleteUid = incomplete.uid;
    await drain(gateway);
  });
  expect(receiver.received).toHaveLength(1);
  receiver.received.length = 0;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run notifications", () => {
  it("list prints a transaction's deliveries with their attempts", async () => {
    const result = await runCommand("list", notifiedUid);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^msg_[0-9a-f]{32}\\tdelivered\\t\\d{4}-\\d\\d-\\d\\dT[^\\t]+\\t${receiver.origin}/hooks$`),
    );
    expect(lines[1]).toMatch(/^ {2}\d{4}-\d\d-\d\dT[^\t]+\t\d+ ms\tHTTP 200$/);
  }, 60_000);

  it("resend queues a new pending delivery that the next gateway start sends; a second resend queues nothing more", async () => {
    const first = await runCommand("resend", notifiedUid);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const match = /^Queued delivery (msg_[0-9a-f]{32}) to (\S+)\n$/.exec(first.stdout);
    expect(match).not.toBeNull();
    const [, queuedId, url] = match as RegExpExecArray;
    expect(url).toBe(`${receiver.origin}/hooks`);

    const again = await runCommand("resend", notifiedUid);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`A re-send is already queued: delivery ${queuedId} to ${url}\n`);

    const listed = await runCommand("list", notifiedUid);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${queuedId}\tpending\t`);
    expect(listed.stdout).toMatch(/ {2}next attempt at \d{4}-\d\d-\d\dT/);

    await withGateway(async (gateway) => {
      const deliveries = await deliveriesOf(gateway, notifiedUid);
      expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
        ["delivered", 1],
        ["pending", 0],
      ]);
      expect(deliveries[1]).toMatchObject({ id: queuedId, url });
      expect(deliveries[1].nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      // The command only queued it; a gateway's worker sends it.
      expect(receiver.received).toHaveLength(0);
      await drain(gateway);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].headers["webhook-id"]).toBe(queuedId);
      expect(JSON.parse(receiver.received[0].body).transaction.uid).toBe(notifiedUid);
      expect((await deliveriesOf(gateway, notifiedUid))[1].status).toBe("delivered");
    });
  }, 120_000);

  it.each([
    ["an unknown transaction", () => "00000000-0000-4000-8000-000000000000", "Record not found"],
    [
      "a transaction without a notification_url",
      () => silentUid,
      "Notification url is not set for this transaction",
    ],
    ["an incomplete transaction", () => incompleteUid, "Transaction is not finished yet"],
  ])(
    "resend refuses %s with exit code 1",
    async (_case, uid, message) => {
      const result = await runCommand("resend", uid());
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim()).toBe(message);
    },
    60_000,
  );

  it("list says so when a transaction has no notifications", async () => {
    const result = await runCommand("list", silentUid);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("No notifications for this transaction.\n");
    await withGateway(async (gateway) => {
      expect(await deliveriesOf(gateway, silentUid)).toEqual([]);
      expect(await deliveriesOf(gateway, incompleteUid)).toEqual([]);
    });
  }, 60_000);

  it("prints its usage and exits 2 without a command or a uid", async () => {
    for (const args of [["list"], ["send", notifiedUid]]) {
      const result = await runCommand(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Usage:");
      expect(result.stderr).toContain("npm run notifications -- resend <transaction uid>");
    }
  }, 60_000);
});
