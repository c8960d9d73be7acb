import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type Scenario, selectScenarios } from "./scenarios";
import {
  deployedNodeOptions,
  type RunShares,
  residentMegabytes,
  startFullServer,
  startServer,
  stillWarming,
  stopServer,
  withCpuPerRequest,
  withFreshDatabase,
} from "./server-process";

/**
 * `npm run bench:gateway [-- --postgres] [--server] [--duration 10] [--connections 32] [--rounds 5] [--scenario all]
 * [--perf <prefix>] [--warmup-max 60]`
 * For each scenario (tokenization, payment, refund, floor, and the first three against a baseline in the rules'
 * steps: `bench/scenarios.ts`), runs the gateway's endpoint and a plain node:http baseline doing the same essential
 * work (`bench/baseline-server.ts`; for `floor`, the least a tokenization can do), one after the other in this run, against the same kind of store, each measured once warm
 * (`warmUp`), and prints req/s, p50, p99, CPU per request, each server's resident set (at rest after start-up, and
 * its peak under the load) and the ratios against each scenario's targets, then the ratios of every scenario side by
 * side. The gateway is the standalone harness (bench/gateway-server.ts), or with `--server` what `npm start` runs:
 * the full server, checkout app loaded, on the demo shop of a fresh database.
 * `--perf <prefix>`: Linux `perf record -g` of the gateway's process during each measured run (not the warm-up),
 * its JavaScript named by `--perf-basic-prof`, written to `<prefix>-<scenario>-<round>.data` for `perf report`.
 * Where the time goes is read there, kernel included: V8's own profiler (`--cpu-prof`) files a sample taken while
 * the thread waits in a system call under the JavaScript that made it, so a busy machine shows a socket write
 * (`writev`) as a third of a request (docs/decisions.md, "Where a request's CPU goes").
 */
const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    server: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "5" },
    scenario: { type: "string", default: "all" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    perf: { type: "string" },
    "warmup-max": { type: "string", default: "60" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const warmupMaxSeconds = Number(values["warmup-max"]);
const scenarios = selectScenarios(values.scenario!);

const nodeOptions = deployedNodeOptions(values.server ? "start" : "gateway");
const perfPrefix = values.perf;
if (perfPrefix !== undefined && spawnSync("perf", ["--version"]).status !== 0) {
  throw new Error("--perf needs Linux perf on the PATH");
}
const v8LogFile = path.join(os.tmpdir(), `tessera-bench-v8-${process.pid}.log`);
/**
 * The gateway's options: the deployed ones, and when recording its JavaScript's symbols for `perf` (written to
 * /tmp/perf-<pid>.map), with the V8 log that flag also starts kept out of the checkout (and removed).
 */
const gatewayNodeOptions =
  perfPrefix === undefined
    ? nodeOptions
    : [...nodeOptions, "--perf-basic-prof", "--no-logfile-per-isolate", `--logfile=${v8LogFile}`];

/** Samples a process's resident set while `work` runs; resolves to the work's result and the peak seen. */
async function withPeakResident<T>(pid: number, work: () => Promise<T>): Promise<[T, number | null]> {
  let peak = residentMegabytes(pid);
  const timer = setInterval(() => {
    const now = residentMegabytes(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 200);
  try {
    return [await work(), peak];
  } finally {
    clearInterval(timer);
  }
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Resident set in MB after start-up, before any load. */
  restingMb: number | null;
  /** Highest resident set in MB seen during the warm-up and the measured run. */
  peakMb: number | null;
  /**
   * The server process's CPU time per request in ms during the measured run: unlike req/s, barely moved by other
   * work on the machine, so the steadier comparison on a shared host (the database's own CPU is in it on PGlite,
   * not on PostgreSQL).
   */
  cpuPerRequestMs: number | null;
  /** What limited the measured run: its main thread, the machine's cores, or neither (latency). */
  shares: RunShares;
  /** How long the server was loaded before the measured run (`warmUp`). */
  warmupSeconds: number;
}

const WARMUP_SLICE_SECONDS = 4;

/**
 * Loads the server until it is warm, so that the measured run sees the process a deployment runs for hours rather
 * than one still compiling its code: V8 optimizes a function after enough calls, and a gateway request touches
 * hundreds of functions a few times each, so the gateway keeps getting faster for tens of thousands of requests
 * (payments on PostgreSQL: 1.48 ms of CPU each in the first 8 s, 0.98 ms from the 16th s on), where the baseline's
 * few functions are hot within a second. Slices of load until one no longer costs 5 % less CPU per request than the
 * one before (at least two, at most `--warmup-max` seconds); both sides get the same rule.
 */
async function warmUp(pid: number, options: autocannon.Options): Promise<{ seconds: number }> {
  let seconds = 0;
  let previous: number | null = null;
  while (seconds + WARMUP_SLICE_SECONDS <= warmupMaxSeconds) {
    const { cpuPerRequestMs } = await withCpuPerRequest(pid, () =>
      autocannon({ ...options, duration: WARMUP_SLICE_SECONDS }),
    );
    seconds += WARMUP_SLICE_SECONDS;
    if (!stillWarming(previous, cpuPerRequestMs)) break;
    previous = cpuPerRequestMs;
  }
  return { seconds };
}

/** `perf record` of `pid` for the next `seconds` (the measured run), to `file`; resolves once it wrote the file. */
function recordPerf(pid: number, seconds: number, file: string): Promise<void> {
  const args = ["record", "-g", "-o", file, "-p", String(pid), "--", "sleep", String(seconds)];
  const recorder = spawn("perf", args, { stdio: "ignore" });
  return new Promise((resolve, reject) => {
    recorder.on("error", reject);
    recorder.on("exit", () => resolve());
  });
}

async function measure(
  pid: number,
  url: string,
  headers: Record<string, string>,
  nextBody: () => string,
  perfFile: string | null,
): Promise<Omit<Measurement, "restingMb" | "peakMb">> {
  const options = {
    url,
    method: "POST" as const,
    headers: { "content-type": "application/json", ...headers },
    connections,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: nextBody() }) }],
  };
  const warmup = await warmUp(pid, options);
  // A second short of the run, so that it never records the quiet after it.
  const recorded = perfFile ? recordPerf(pid, Math.max(duration - 1, 1), perfFile) : null;
  const { result, cpuPerRequestMs, shares } = await withCpuPerRequest(pid, () =>
    autocannon({ ...options, duration }),
  );
  await recorded;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    warmupSeconds: warmup.seconds,
    cpuPerRequestMs,
    shares,
  };
}

async function run(label: "gateway" | "baseline", scenario: Scenario, round: number): Promise<Measurement> {
  return withFreshDatabase(label, values.postgres ? values["postgres-url"]! : null, async (env) => {
    const script = label === "gateway" ? "bench/gateway-server.ts" : "bench/baseline-server.ts";
    // The gateway logs a line per request (part of its cost, as deployed) to a file that the run deletes.
    const logFile = path.join(os.tmpdir(), `tessera-bench-${label}-${process.pid}.log`);
    const { child, words } =
      label === "gateway" && values.server
        ? await startFullServer(env, logFile, gatewayNodeOptions)
        : await startServer(
            script,
            { ...env, BENCH_LOG_FILE: logFile },
            label === "gateway" ? gatewayNodeOptions : nodeOptions,
          );
    try {
      const [port, shopId, secretKey] = words;
      const headers: Record<string, string> =
        label === "gateway"
          ? { authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}` }
          : {};
      const base = label === "gateway" ? `http://127.0.0.1:${port}/gateway` : `http://127.0.0.1:${port}`;
      // Settled after start-up (the demo shops' creation, the first garbage collections) before "at rest" is read.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const restingMb = residentMegabytes(child.pid!);
      const nextBody = await scenario.prepare({ base, headers });
      const [measured, peakMb] = await withPeakResident(child.pid!, () =>
        measure(
          child.pid!,
          `${base}${label === "baseline" ? (scenario.baselinePath ?? scenario.path) : scenario.path}`,
          headers,
          nextBody,
          label === "gateway" && perfPrefix !== undefined
            ? `${perfPrefix}-${scenario.name}-${round}.data`
            : null,
        ),
      );
      return { ...measured, restingMb, peakMb };
    } finally {
      await stopServer(child);
      fs.rmSync(logFile, { force: true });
      fs.rmSync(v8LogFile, { force: true });
    }
  });
}

const store = values.postgres ? "PostgreSQL" : "PGlite";
const subject = values.server ? "the full server (npm start)" : "the gateway harness";
console.log(
  `Gateway benchmark on ${store}, ${subject}: ${scenarios.map((s) => s.name).join(", ")}; ${connections} connections, ${duration} s a run, ${rounds} rounds of baseline then gateway, each warmed until its CPU per request settles (at most ${warmupMaxSeconds} s), node ${nodeOptions.join(" ")}`,
);
const megabytes = (value: number | null) => (value === null ? "   ?" : value.toFixed(0).padStart(4));
const cpu = (value: number | null) => (value === null ? "    ?" : value.toFixed(3));
const share = (value: number | null) => (value === null ? "   ?" : value.toFixed(2));
const row = (name: string, m: Measurement) =>
  `${name.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   CPU ${cpu(m.cpuPerRequestMs)} ms/req${values.postgres ? `   database CPU ${cpu(m.shares.databaseCpuPerRequestMs)} ms/req` : ""}   main thread ${share(m.shares.mainThreadCores)}   machine idle ${share(m.shares.machineIdle)}   RSS rest ${megabytes(m.restingMb)} MB peak ${megabytes(m.peakMb)} MB   warm-up ${String(m.warmupSeconds).padStart(2)} s   non-2xx/errors ${m.non2xx}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (measurements: Measurement[]): Measurement => ({
  requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
  p50: median(measurements.map((m) => m.p50)),
  p99: median(measurements.map((m) => m.p99)),
  non2xx: measurements.reduce((sum, m) => sum + m.non2xx, 0),
  cpuPerRequestMs: median(measurements.map((m) => m.cpuPerRequestMs ?? 0)),
  shares: {
    mainThreadCores: median(measurements.map((m) => m.shares.mainThreadCores ?? 0)),
    machineIdle: median(measurements.map((m) => m.shares.machineIdle ?? 0)),
    databaseCpuPerRequestMs: median(measurements.map((m) => m.shares.databaseCpuPerRequestMs ?? 0)),
  },
  restingMb: median(measurements.map((m) => m.restingMb ?? 0)),
  warmupSeconds: median(measurements.map((m) => m.warmupSeconds)),
  // The highest of the rounds: the memory a deployment must have.
  peakMb: Math.max(...measurements.map((m) => m.peakMb ?? 0)),
});

interface Ratios {
  throughput: number;
  p99: number;
  pairedThroughput: number;
  pairedP99: number;
  non2xx: number;
}

async function compare(scenario: Scenario): Promise<Ratios> {
  console.log(
    `\n${scenario.name}: POST ${scenario.path}${scenario.baselinePath ? ` (baseline: POST ${scenario.baselinePath})` : ""}`,
  );
  const targets = `(targets: throughput >= ${scenario.targets.throughput.toFixed(2)}, p99 <= ${scenario.targets.p99.toFixed(2)})`;
  // Interleaved rounds, each side's median: this machine's speed drifts by tens of percent over a minute, and a
  // drift must not land on one side only.
  const baselines: Measurement[] = [];
  const gateways: Measurement[] = [];
  for (let round = 1; round <= rounds; round++) {
    baselines.push(await run("baseline", scenario, round));
    gateways.push(await run("gateway", scenario, round));
    console.log(`round ${round}`);
    console.log(`  ${row("baseline", baselines.at(-1)!)}`);
    console.log(`  ${row("gateway", gateways.at(-1)!)}`);
  }
  const baseline = summary(baselines);
  const gateway = summary(gateways);
  console.log("median (RSS peak: the highest of the rounds)");
  console.log(row("baseline", baseline));
  console.log(row("gateway", gateway));
  const throughputRatio = gateway.requestsPerSecond / baseline.requestsPerSecond;
  const p99Ratio = gateway.p99 / Math.max(baseline.p99, 1);
  console.log(
    `ratios of the medians     throughput ${throughputRatio.toFixed(2)}   p99 ${p99Ratio.toFixed(2)}   ${targets}`,
  );
  // Each round's gateway ran right after its baseline, under the same machine speed; the median of those paired
  // ratios is the steadier figure when the speed drifts between rounds (the medians above may come from different
  // rounds).
  const pairedThroughput = median(
    gateways.map((m, i) => m.requestsPerSecond / baselines[i].requestsPerSecond),
  );
  const pairedP99 = median(gateways.map((m, i) => m.p99 / Math.max(baselines[i].p99, 1)));
  console.log(
    `median of paired ratios   throughput ${pairedThroughput.toFixed(2)}   p99 ${pairedP99.toFixed(2)}   ${targets}`,
  );
  const cpuRatio =
    median(gateways.map((m) => m.cpuPerRequestMs ?? 0)) /
    Math.max(median(baselines.map((m) => m.cpuPerRequestMs ?? 0)), 1e-9);
  console.log(`CPU per request, gateway / baseline: ${cpuRatio.toFixed(2)} (median of each side)`);
  return {
    throughput: throughputRatio,
    p99: p99Ratio,
    pairedThroughput,
    pairedP99,
    non2xx: baseline.non2xx + gateway.non2xx,
  };
}

const results: [Scenario, Ratios][] = [];
for (const scenario of scenarios) results.push([scenario, await compare(scenario)]);
console.log("\nratios per scenario (gateway / baseline)");
console.log(
  `${"scenario".padEnd(24)} throughput  paired   p99  paired   targets (throughput, p99)   non-2xx/errors (both sides, all rounds)`,
);
for (const [scenario, r] of results) {
  const targets = `>= ${scenario.targets.throughput.toFixed(2)}, <= ${scenario.targets.p99.toFixed(2)}`;
  console.log(
    `${scenario.name.padEnd(24)} ${r.throughput.toFixed(2).padStart(10)} ${r.pairedThroughput.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(5)} ${r.pairedP99.toFixed(2).padStart(7)}   ${targets.padEnd(25)}   ${r.non2xx}`,
  );
}
// autocannon leaves sockets and timers behind; the run is over, so end the process rather than wait on them.
process.exit(0);
