import { type ChildProcess, execFile, spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { transactions } from "@/lib/db/schema";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { parseMasterKey } from "@/lib/gateway/vault/envelope";
import { loadKeyring } from "@/lib/gateway/vault/keyring";
import { freePort } from "./gateway-process";
import { basicAuthorization, futureExpiry } from "./harness";

/**
 * Operations tests (shutdown, backup, key rotation) run the product's own scripts as child processes, against an
 * embedded database in a directory of their own or a PostgreSQL database, with a shop made beforehand.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Store {
  databaseUrl: string | null;
  dataDir: string;
}

export function storeEnv(store: Store): Record<string, string> {
  return { DATA_DIR: store.dataDir, ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}) };
}

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    // The tests read the servers' log lines as JSON, whatever the development default.
    LOG_FORMAT: "json",
    DEMO_SHOPS: "false",
    ...env,
  };
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit status (a signal as its name). */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/**
 * `scripts/gateway.ts` (what `npm run gateway` runs) on a port of its own; resolved once it listens. `imports` are
 * modules for Node to load first (`--import`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  script = "scripts/gateway.ts",
  imports: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const preloads = imports.flatMap((module) => ["--import", module]);
  const child = spawn(process.execPath, [...preloads, "scripts/run.mjs", script], {
    cwd: ROOT,
    env: childEnv({ PORT: String(port), HOST: "127.0.0.1", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 110_000);
      const check = () => {
        if (!/listening on|is running at/.test(output)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout?.on("data", check);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, child, output: () => output, exited, stop };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command as `npm run <name> -- args` runs it (scripts/run.mjs on the script), in this process's node. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/run.mjs", script, ...args],
      { cwd: ROOT, env: childEnv(env), timeout: 110_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** A test-mode shop made in the database before any server starts; its HTTP Basic authorization. */
export async function seedShop(store: Store, masterKey: string): Promise<string> {
  const database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  try {
    await migrateDatabase(database);
    const keyring = await loadKeyring(database.db, parseMasterKey(masterKey));
    const shop = await createShop({ db: database.db, keyring, name: "Operations", settings: {}, test: true });
    return basicAuthorization(shop.id, shop.secretKey);
  } finally {
    await database.close();
  }
}

/** The tracking ids of `ids` that are stored transactions (read once no server holds an embedded database). */
export async function storedTrackingIds(store: Store, ids: string[]): Promise<Set<string>> {
  const database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  try {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await database.db
        .select({ trackingId: transactions.trackingId })
        .from(transactions)
        .where(inArray(transactions.trackingId, ids.slice(i, i + 500)));
      for (const row of rows) if (row.trackingId) found.add(row.trackingId);
    }
    return found;
  } finally {
    await database.close();
  }
}

export interface Answer {
  status: number | null;
  /** The client's error when no answer came (ECONNREFUSED, ECONNRESET…). */
  error: string | null;
  body: string;
  connection: string | undefined;
  startedAt: number;
  endedAt: number;
}

/** One JSON POST over `agent` (keep-alive), never rejecting: a failure is an answer without a status. */
export function post(
  agent: http.Agent,
  url: string,
  authorization: string,
  body: unknown,
  timeoutMs = 60_000,
): Promise<Answer> {
  const payload = JSON.stringify(body);
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        timeout: timeoutMs,
        headers: {
          authorization,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? null,
            error: null,
            body: text,
            connection: response.headers.connection,
            startedAt,
            endedAt: Date.now(),
          }),
        );
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({
            status: null,
            error: `response ${error.code ?? error.message}`,
            body: text,
            connection: undefined,
            startedAt,
            endedAt: Date.now(),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({
        status: null,
        error: error.code ?? error.message,
        body: "",
        connection: undefined,
        startedAt,
        endedAt: Date.now(),
      }),
    );
    request.end(payload);
  });
}

/** A card request body; `slow` picks the sandbox's 3-second approval (amount ending 091). */
export function cardRequest(trackingId: string, options: { amount?: number; number?: string } = {}) {
  return {
    request: {
      amount: options.amount ?? 1000 + Math.floor(Math.random() * 50),
      currency: "USD",
      description: "Operations load",
      tracking_id: trackingId,
      duplicate_check: false,
      credit_card: {
        number: options.number ?? "4200000000000000",
        verification_value: "123",
        holder: "John Doe",
        ...futureExpiry(),
      },
    },
  };
}
