import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";
import {
  type Answer,
  cardRequest,
  post,
  type ServerProcess,
  type Store,
  seedShop,
  startServerProcess,
  storedTrackingIds,
  storeEnv,
} from "../ops-process";

// Starts the gateway as child processes (TypeScript compiled first) and runs a load through a shutdown.
vi.setConfig({ testTimeout: 300_000 });

const CLIENTS = 12;
/** Errors a client meets when its request was never read: the listener is closed, or an idle connection was. */
const UNREAD = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

interface Sent {
  trackingId: string;
  instance: number;
  answer: Answer;
}

it(`a SIGTERM under a tokenization and payment load loses no acknowledged request (${usePostgres ? "PostgreSQL, two instances" : "embedded database"})`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-shutdown-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let database: TestDatabase | null = null;
  if (usePostgres) {
    database = await createTestDatabase();
    cleanups.push(() => database?.drop());
  }
  const store: Store = { databaseUrl: database?.url ?? null, dataDir };
  const masterKey = randomBytes(32).toString("hex");
  const authorization = await seedShop(store, masterKey);
  const env = { ...storeEnv(store), MASTER_KEY: masterKey, LOG_LEVEL: "info", SHUTDOWN_GRACE_SECONDS: "20" };
  const instances: ServerProcess[] = await Promise.all(
    Array.from({ length: usePostgres ? 2 : 1 }, () => startServerProcess(env)),
  );
  for (const instance of instances) cleanups.push(() => instance.stop());
  const [first] = instances;

  const sent: Sent[] = [];
  let stopLoad = false;
  let signalledAt = Number.POSITIVE_INFINITY;
  /** When each client's slow payment to the first instance, if one is under way, was sent. */
  const slowOnFirstSince = new Map<number, number>();
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let instance = client % instances.length;
    for (let n = 0; !stopLoad; n++) {
      const trackingId = `shutdown-${client}-${n}`;
      // Every third payment takes the sandbox's slow path (3 s): some are surely in flight at the signal.
      const payment = n % 2 === 1;
      const slow = payment && n % 3 === 1;
      if (slow && instance === 0) slowOnFirstSince.set(client, Date.now());
      const answer = await post(
        agent,
        `${instances[instance].origin}/transactions/${payment ? "payments" : "tokenizations"}`,
        authorization,
        cardRequest(trackingId, slow ? { amount: 1091 } : {}),
      );
      slowOnFirstSince.delete(client);
      sent.push({ trackingId, instance, answer });
      if (answer.status === null) {
        // That instance is going away: move to the other one, or stop when there is none.
        if (instances.length === 1 || Date.now() < signalledAt) break;
        instance = 1;
      }
    }
    agent.destroy();
  });

  // Load for a while, with slow payments under way, then SIGTERM the first instance.
  // (A busy machine answers the first requests slowly: at least two per client before the signal.) The signal waits
  // for a slow payment to the first instance sent half a second to a second and a half ago: read by then, and far
  // from its answer, so that the drain surely has one to finish (on a busy machine the fast requests around the
  // signal may all be answered before the process handles it).
  const slowUnderWay = () =>
    [...slowOnFirstSince.values()].some((since) => {
      const age = Date.now() - since;
      return age >= 500 && age <= 1_500;
    });
  const loadStarted = Date.now();
  while (
    Date.now() - loadStarted < 4_000 ||
    ((sent.filter((entry) => entry.answer.status === 200).length < 2 * CLIENTS || !slowUnderWay()) &&
      Date.now() - loadStarted < 90_000)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalledAt = Date.now();
  first.child.kill("SIGTERM");
  const exitStatus = await first.exited;
  // The other instance (PostgreSQL) keeps taking the load a moment longer.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  stopLoad = true;
  await Promise.all(clients);
  for (const other of instances.slice(1)) {
    other.child.kill("SIGTERM");
    expect(await other.exited, other.output()).toBe(0);
  }
  expect(exitStatus, first.output()).toBe(0);
  expect(first.output()).toContain('"msg":"shutting down"');
  expect(first.output()).toContain('"msg":"shut down"');

  const stored = await storedTrackingIds(
    store,
    sent.map((entry) => entry.trackingId),
  );
  const acknowledged = sent.filter((entry) => entry.answer.status !== null && entry.answer.status < 300);
  const failed = sent.filter((entry) => entry.answer.status === null);
  expect(
    sent.filter((entry) => (entry.answer.status ?? 0) >= 500),
    "no 5xx",
  ).toEqual([]);
  expect(
    sent.filter((entry) => entry.answer.status !== null && entry.answer.status >= 300),
    "every answer a success",
  ).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(CLIENTS);
  expect(
    acknowledged.filter((entry) => !stored.has(entry.trackingId)).map((entry) => entry.trackingId),
    "every acknowledged request is stored",
  ).toEqual([]);
  // A request without an answer was never read: nothing of it is stored, and the client saw the connection refused
  // or closed before its request.
  for (const entry of failed) {
    expect(UNREAD.has(entry.answer.error ?? ""), entry.answer.error ?? "").toBe(true);
    expect(stored.has(entry.trackingId), entry.trackingId).toBe(false);
  }
  // Requests in flight at the signal were finished, and told the connection closes.
  const drained = acknowledged.filter(
    (entry) =>
      entry.instance === 0 && entry.answer.startedAt < signalledAt && entry.answer.endedAt > signalledAt,
  );
  expect(drained.length, first.output()).toBeGreaterThan(0);
  expect(drained.some((entry) => entry.answer.connection === "close")).toBe(true);
});
