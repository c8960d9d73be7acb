import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

/**
 * `npm run bench:gateway [-- --postgres] [--duration 10] [--connections 32] [--rounds 5]`
 * Runs the tokenization endpoint and a plain node:http baseline doing the same parse + encrypt + durable insert,
 * one after the other in this run, against the same kind of store, each with unique valid card numbers, and prints
 * req/s, p50, p99 and the ratios (targets: throughput >= 0.7, p99 <= 1.5).
 */
const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "5" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, "..");

function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

let counter = 0;
/**
 * A new number per request, each of a card family of its own (first 8 and last 4 digits): numbers sharing both
 * are refused after a few, as a guesser's would be. The counter fills digits 2-8 and 13-15, the process id 9-12.
 */
function nextCardNumber(): string {
  counter += 1;
  const digits = String(counter).padStart(10, "0");
  const body = `4${digits.slice(0, 7)}${String(process.pid % 10_000).padStart(4, "0")}${digits.slice(7)}`;
  return body + luhnCheckDigit(body);
}

function requestBody(): string {
  return JSON.stringify({
    request: {
      amount: 1999,
      currency: "USD",
      description: "Benchmark order",
      tracking_id: `bench-${counter}`,
      credit_card: {
        number: nextCardNumber(),
        verification_value: "123",
        holder: "Bench Mark",
        exp_month: "12",
        exp_year: String(new Date().getUTCFullYear() + 2),
      },
    },
  });
}

async function withDatabase<T>(label: string, run: (env: Record<string, string>) => Promise<T>): Promise<T> {
  if (!values.postgres) {
    const dataDir = fs.mkdtempSync(path.join(root, `.data-bench-${label}-`));
    try {
      return await run({ BENCH_DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pg = (await import("pg")).default;
  const name = `tessera_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: values["postgres-url"] });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  try {
    return await run({ BENCH_DATABASE_URL: values["postgres-url"]!.replace(/\/[^/]*$/, `/${name}`) });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * The Node options the gateway is deployed with (`npm start`, `npm run gateway`: a larger young generation, so the
 * short-lived objects of each request die in cheap scavenges), read from package.json so that the benchmark
 * cannot drift from it. The baseline runs with the same options: only the handlers differ.
 */
function deployedNodeOptions(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const script: string = manifest.scripts.gateway;
  return script.split(/\s+/).filter((word) => /^--[a-z-]+=\S+$/.test(word));
}
const nodeOptions = deployedNodeOptions();

function startServer(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; words: string[] }> {
  // Node itself, not an npx wrapper, so that the SIGTERM below reaches the server.
  const child = spawn(process.execPath, [...nodeOptions, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    let listening = false;
    // Read to the end: a full pipe would stall the server.
    child.stdout!.on("data", (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      const line = output.split("\n").find((candidate) => candidate.startsWith("LISTENING "));
      if (!line) return;
      listening = true;
      output = "";
      resolve({ child, words: line.trim().split(" ").slice(1) });
    });
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measurement> {
  const options = {
    url,
    method: "POST" as const,
    headers: { "content-type": "application/json", ...headers },
    connections,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: requestBody() }) }],
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, connection pools, caches
  const result = await autocannon({ ...options, duration });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function run(label: "gateway" | "baseline"): Promise<Measurement> {
  return withDatabase(label, async (env) => {
    const script = label === "gateway" ? "bench/gateway-server.ts" : "bench/baseline-server.ts";
    // The gateway logs a line per request (part of its cost, as deployed) to a file that the run deletes.
    const logFile = path.join(os.tmpdir(), `tessera-bench-${label}-${process.pid}.log`);
    const { child, words } = await startServer(script, { ...env, BENCH_LOG_FILE: logFile });
    try {
      const [port, shopId, secretKey] = words;
      const headers: Record<string, string> =
        label === "gateway"
          ? { authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}` }
          : {};
      const url =
        label === "gateway"
          ? `http://127.0.0.1:${port}/gateway/transactions/tokenizations`
          : `http://127.0.0.1:${port}/`;
      return await measure(url, headers);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(logFile, { force: true });
    }
  });
}

const store = values.postgres ? "PostgreSQL" : "PGlite";
console.log(
  `Tokenization benchmark on ${store}: ${connections} connections, ${duration} s a run, ${rounds} rounds of baseline then gateway, unique cards, node ${nodeOptions.join(" ")}`,
);
const row = (name: string, m: Measurement) =>
  `${name.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   non-2xx/errors ${m.non2xx}`;
// Interleaved rounds, each side's median: this machine's speed drifts by tens of percent over a minute, and a
// drift must not land on one side only.
const baselines: Measurement[] = [];
const gateways: Measurement[] = [];
for (let round = 1; round <= rounds; round++) {
  baselines.push(await run("baseline"));
  gateways.push(await run("gateway"));
  console.log(`round ${round}`);
  console.log(`  ${row("baseline", baselines.at(-1)!)}`);
  console.log(`  ${row("gateway", gateways.at(-1)!)}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (measurements: Measurement[]): Measurement => ({
  requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
  p50: median(measurements.map((m) => m.p50)),
  p99: median(measurements.map((m) => m.p99)),
  non2xx: measurements.reduce((sum, m) => sum + m.non2xx, 0),
});
const baseline = summary(baselines);
const gateway = summary(gateways);
console.log("median");
console.log(row("baseline", baseline));
console.log(row("gateway", gateway));
const throughputRatio = gateway.requestsPerSecond / baseline.requestsPerSecond;
const p99Ratio = gateway.p99 / Math.max(baseline.p99, 1);
console.log(
  `ratios of the medians     throughput ${throughputRatio.toFixed(2)} (target >= 0.70)   p99 ${p99Ratio.toFixed(2)} (target <= 1.50)`,
);
// Each round's gateway ran right after its baseline, under the same machine speed; the median of those paired ratios
// is the steadier figure when the speed drifts between rounds (the medians above may come from different rounds).
const pairedThroughput = median(gateways.map((m, i) => m.requestsPerSecond / baselines[i].requestsPerSecond));
const pairedP99 = median(gateways.map((m, i) => m.p99 / Math.max(baselines[i].p99, 1)));
console.log(
  `median of paired ratios   throughput ${pairedThroughput.toFixed(2)} (target >= 0.70)   p99 ${pairedP99.toFixed(2)} (target <= 1.50)`,
);
// autocannon leaves sockets and timers behind; the run is over, so end the process rather than wait on them.
process.exit(0);
