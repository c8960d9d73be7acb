import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * `npm run bench:startup`: time from `npm start` (after a build) to the first successful tokenization, against
 * DESIGN §5's 5 s — on an existing embedded database (a restart) and on an empty one (the first start, which
 * creates the database) — and, in the same run, the time a bare Node process takes to answer its first HTTP
 * request, as the floor. Runs each three times and prints the medians.
 */
const root = path.resolve(import.meta.dirname, "..");
const RUNS = 3;
const TARGET_MS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

/** Polls `attempt` until it answers true; resolves with the milliseconds since `started`. */
async function until(started: number, attempt: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await attempt().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error("no answer within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A start on `existingDataDir` (a restart), or on a new empty one (the first start: the database is created). */
async function tessera(existingDataDir?: string): Promise<number> {
  const port = await freePort();
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tessera-startup-"));
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const year = new Date().getUTCFullYear() + 2;
  try {
    return await until(started, async () => {
      const response = await fetch(`http://127.0.0.1:${port}/gateway/transactions/tokenizations`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from("1:demo_secret_key_shop_1_without_3ds").toString("base64")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          request: {
            // A new amount each time: the duplicate check would refuse a repeat within 30 s.
            amount: 100 + Math.floor(Math.random() * 1_000_000),
            currency: "USD",
            description: "Start-up benchmark",
            credit_card: {
              number: "4200000000000000",
              verification_value: "123",
              exp_month: "12",
              exp_year: `${year}`,
            },
          },
        }),
      });
      const body = (await response.json()) as { transaction?: { status?: string } };
      return body.transaction?.status === "successful";
    });
  } finally {
    await stop(child);
    if (!existingDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bareNode(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const script = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`;
  const child = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  try {
    return await until(started, async () => (await fetch(`http://127.0.0.1:${port}/`)).ok);
  } finally {
    await stop(child);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// The target is "after build": one unmeasured start builds the app if its sources changed since the last build.
await tessera();

const firstStarts: number[] = [];
const restarts: number[] = [];
const bareTimes: number[] = [];
const restartDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-restart-"));
await tessera(restartDir);
for (let run = 0; run < RUNS; run++) {
  bareTimes.push(await bareNode());
  firstStarts.push(await tessera());
  restarts.push(await tessera(restartDir));
}
fs.rmSync(restartDir, { recursive: true, force: true });
const format = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (label: string, times: number[]) =>
  `${label.padEnd(44)} ${format(median(times))}  (runs: ${times.map(format).join(", ")})`;
console.log(line("bare node:http, first answer", bareTimes));
console.log(line("Tessera restart, first successful tokenization", restarts));
console.log(line("Tessera first start (database created)", firstStarts));
for (const [label, times] of [
  ["restart", restarts],
  ["first start", firstStarts],
] as const) {
  console.log(`${label}: target < ${format(TARGET_MS)} ${median(times) < TARGET_MS ? "met" : "NOT met"}`);
}
