import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, usePostgres } from "../harness";
import {
  cardRequest,
  post,
  runCommand,
  type ServerProcess,
  type Store,
  seedShop,
  startServerProcess,
  storeEnv,
} from "../ops-process";

// Child processes started and restarted one after another while a load runs.
vi.setConfig({ testTimeout: 480_000 });

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function newStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-master-key-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let database: TestDatabase | null = null;
  if (usePostgres) {
    database = await createTestDatabase();
    cleanups.push(() => database?.drop());
  }
  return { databaseUrl: database?.url ?? null, dataDir };
}

async function stopGracefully(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited, server.output()).toBe(0);
}

it(`rotates the master key under a tokenization load, instances restarted one at a time (${usePostgres ? "PostgreSQL, two instances" : "embedded database"}); then the new key alone opens every card`, async () => {
  const store = await newStore();
  const oldKey = randomBytes(32).toString("hex");
  const newKey = randomBytes(32).toString("hex");
  const authorization = await seedShop(store, oldKey);
  const count = usePostgres ? 2 : 1;
  const started: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ ...storeEnv(store), LOG_LEVEL: "info", ...env });
    started.push(server);
    cleanups.push(() => server.stop());
    return server;
  };
  const instances = await Promise.all(Array.from({ length: count }, () => start({ MASTER_KEY: oldKey })));

  // Tokenizations all along, each client against whichever instance is up.
  const tokens: string[] = [];
  const failures: string[] = [];
  let stopLoad = false;
  const clients = Array.from({ length: 4 }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; !stopLoad; n++) {
      const target = instances[(client + n) % instances.length];
      const answer = await post(
        agent,
        `${target.origin}/transactions/tokenizations`,
        authorization,
        cardRequest(`rotation-${client}-${n}`),
      );
      if (answer.status === 200 || answer.status === 201) {
        tokens.push(JSON.parse(answer.body).transaction.credit_card.token);
      } else if (answer.status !== null) {
        failures.push(`${answer.status} ${answer.body}`);
      } else {
        // An instance being restarted: try the next one a moment later.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    agent.destroy();
  });
  // At least 3 s of load and a few stored cards (a busy machine answers the first requests slowly).
  for (
    const began = Date.now();
    Date.now() - began < 3_000 || (tokens.length < 8 && Date.now() - began < 90_000);
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const beforeRotation = tokens.length;

  // One at a time: each instance stops and comes back with the new key and the old one.
  for (let i = 0; i < instances.length; i++) {
    await stopGracefully(instances[i]);
    instances[i] = await start({ MASTER_KEY: newKey, MASTER_KEY_PREVIOUS: oldKey });
  }
  const done = () => instances.some((instance) => instance.output().includes("master key rotation done"));
  for (let waited = 0; !done() && waited < 60_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(done(), instances.map((instance) => instance.output()).join("\n")).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stopLoad = true;
  await Promise.all(clients);
  expect(failures).toEqual([]);
  expect(beforeRotation).toBeGreaterThan(0);
  expect(tokens.length).toBeGreaterThan(beforeRotation);

  if (usePostgres) {
    // The command sees the finished rotation while the servers run.
    const status = await runCommand("scripts/keys.ts", ["status"], {
      ...storeEnv(store),
      MASTER_KEY: newKey,
    });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("MASTER_KEY alone opens the vault.");
  }
  for (const instance of instances) await stopGracefully(instance);

  // The new key alone: every card stored before and during the rotation charges.
  const after = await start({ MASTER_KEY: newKey });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const answers = await Promise.all(
    tokens.map((token) =>
      post(agent, `${after.origin}/transactions/payments`, authorization, {
        request: {
          // One amount clear of the sandbox acquirer's amount-driven declines and errors (…05, …51, …91, …96).
          amount: 1999,
          currency: "USD",
          description: "After the rotation",
          duplicate_check: false,
          credit_card: { token, verification_value: "123" },
        },
      }),
    ),
  );
  agent.destroy();
  const charged = answers.filter(
    (answer) => answer.status === 200 && JSON.parse(answer.body).transaction.status === "successful",
  );
  expect(
    answers.filter((answer) => !charged.includes(answer)).map((answer) => `${answer.status} ${answer.body}`),
  ).toEqual([]);
  await stopGracefully(after);
});

it("npm run keys -- rotate-master re-wraps the vault where no server holds it, and status tells how far it is", async () => {
  const store = await newStore();
  const oldKey = randomBytes(32).toString("hex");
  const newKey = randomBytes(32).toString("hex");
  await seedShop(store, oldKey);
  const env = storeEnv(store);

  const before = await runCommand("scripts/keys.ts", ["status"], {
    ...env,
    MASTER_KEY: newKey,
    MASTER_KEY_PREVIOUS: oldKey,
  });
  expect(before.code).toBe(1);
  expect(before.stdout).toMatch(
    /^0 of 2 vault key\(s\) wrapped under MASTER_KEY\.\n2 still under MASTER_KEY_PREVIOUS/,
  );

  // The new key alone does not open the vault yet.
  const refused = await runCommand("scripts/shop.ts", ["list"], { ...env, MASTER_KEY: newKey });
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim()).toMatch(/^MASTER_KEY does not open this database's card vault/);

  const rotated = await runCommand("scripts/keys.ts", ["rotate-master"], {
    ...env,
    MASTER_KEY: newKey,
    MASTER_KEY_PREVIOUS: oldKey,
  });
  expect(rotated.code, rotated.stderr).toBe(0);
  expect(rotated.stdout).toContain("Re-wrapped 2 vault key(s) under MASTER_KEY.");

  const after = await runCommand("scripts/keys.ts", ["status"], { ...env, MASTER_KEY: newKey });
  expect(after.code, after.stderr).toBe(0);
  expect(after.stdout).toBe(
    "2 of 2 vault key(s) wrapped under MASTER_KEY.\nMASTER_KEY alone opens the vault.\n",
  );
  const listed = await runCommand("scripts/shop.ts", ["list"], { ...env, MASTER_KEY: newKey });
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toContain("Operations");
  // And the old key alone no longer does.
  const old = await runCommand("scripts/shop.ts", ["list"], { ...env, MASTER_KEY: oldKey });
  expect(old.code).toBe(1);
});
