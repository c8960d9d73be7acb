import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the benchmarks share about the server processes they start and watch. */

export const benchRoot = path.resolve(import.meta.dirname, "..");

/**
 * The Node options the gateway is deployed with (`npm start`, `npm run gateway`: a larger young generation, so the
 * short-lived objects of each request die in cheap scavenges), read from package.json so that a benchmark cannot
 * drift from it. A baseline runs with the same options: only the handlers differ.
 */
export function deployedNodeOptions(name: "gateway" | "start"): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(benchRoot, "package.json"), "utf8"));
  const script: string = manifest.scripts[name];
  return script.split(/\s+/).filter((word) => /^--[a-z-]+=\S+$/.test(word));
}

/**
 * A fresh store for one server: a new data directory for the embedded database, or a new database on the
 * PostgreSQL at `postgresUrl`; removed after `run`, which gets the server's environment for it.
 */
export async function withFreshDatabase<T>(
  label: string,
  postgresUrl: string | null,
  run: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!postgresUrl) {
    const dataDir = fs.mkdtempSync(path.join(benchRoot, `.data-bench-${label}-`));
    try {
      return await run({ BENCH_DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pg = (await import("pg")).default;
  const name = `tessera_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  try {
    return await run({ BENCH_DATABASE_URL: postgresUrl.replace(/\/[^/]*$/, `/${name}`) });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A process's resident set in MB, from /proc (Linux); null elsewhere. */
export function residentMegabytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? kilobytes / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time so far (user + system) in ms, from /proc (Linux); null elsewhere. Of the whole process (all its
 * threads), or of its main thread alone with `mainThread` (its JavaScript; the others are V8's helpers and libuv's).
 */
export function cpuMilliseconds(pid: number, options: { mainThread?: boolean } = {}): number | null {
  try {
    const file = options.mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU time so far (user + system) in ms of every PostgreSQL process on this machine (its backends, its writers),
 * from /proc (Linux); null elsewhere. A backend that exits meanwhile takes its time with it: the pools of both
 * servers keep their connections through a run.
 */
export function databaseCpuMilliseconds(): number | null {
  try {
    let ticks = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // gone meanwhile
      }
      if (!stat.includes("(postgres) ")) continue;
      const fields = stat.split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, idle and in all, in clock ticks, from /proc/stat (Linux); null elsewhere. */
function machineTicks(): { idle: number; total: number } | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const counted = ticks.slice(0, 8);
    return { idle: counted[3] + counted[4], total: counted.reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/**
 * What limited a run. A server's throughput is bound by its main thread (JavaScript runs there alone), by the
 * machine's cores, or by neither — then by latency: each connection waits for its answer before its next request,
 * so time a request spends waiting (on the database, a commit, a batch, a garbage collection) caps the rate while
 * cores stand idle. `mainThreadCores`: the main thread's share of one core over the run; `machineIdle`: the
 * machine's idle share (every process, the load generator and the database included).
 */
export interface RunShares {
  mainThreadCores: number | null;
  machineIdle: number | null;
  /** PostgreSQL's CPU per request (all its processes), in ms: what the requests cost the database. */
  databaseCpuPerRequestMs: number | null;
}

/**
 * CPU time the process spent per request while `work` ran, in ms, and what limited it (`RunShares`); null where
 * /proc cannot tell.
 */
export async function withCpuPerRequest<Result extends { requests: { total: number } }>(
  pid: number,
  work: () => Promise<Result>,
): Promise<{ result: Result; cpuPerRequestMs: number | null; shares: RunShares }> {
  const started = performance.now();
  const before = cpuMilliseconds(pid);
  const mainBefore = cpuMilliseconds(pid, { mainThread: true });
  const machineBefore = machineTicks();
  const databaseBefore = databaseCpuMilliseconds();
  const result = await work();
  const databaseAfter = databaseCpuMilliseconds();
  const after = cpuMilliseconds(pid);
  const mainAfter = cpuMilliseconds(pid, { mainThread: true });
  const machineAfter = machineTicks();
  const elapsedMs = performance.now() - started;
  const cpuPerRequestMs =
    before === null || after === null || result.requests.total === 0
      ? null
      : (after - before) / result.requests.total;
  const shares: RunShares = {
    mainThreadCores: mainBefore === null || mainAfter === null ? null : (mainAfter - mainBefore) / elapsedMs,
    machineIdle:
      machineBefore === null || machineAfter === null || machineAfter.total === machineBefore.total
        ? null
        : (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total),
    databaseCpuPerRequestMs:
      databaseBefore === null || databaseAfter === null || result.requests.total === 0
        ? null
        : (databaseAfter - databaseBefore) / result.requests.total,
  };
  return { result, cpuPerRequestMs, shares };
}

/**
 * Whether a process is still warming up: V8 optimizes a function only after enough calls, so a new server keeps
 * getting cheaper per request for tens of thousands of requests (docs/decisions.md, "A warm process"). Still warming
 * while the last stretch of load cost at least 5 % less CPU per request than the one before it.
 */
export function stillWarming(previousCpuMs: number | null, latestCpuMs: number | null): boolean {
  if (latestCpuMs === null) return false; // no /proc: nothing tells, so no more than one stretch
  return previousCpuMs === null || latestCpuMs <= previousCpuMs * 0.95;
}

/**
 * Starts a benchmark server script (bench/gateway-server.ts, bench/baseline-server.ts) with the deployed Node
 * options; resolves once it printed `LISTENING <words…>`, with those words (port, shop id, secret key).
 */
export function startServer(
  script: string,
  env: Record<string, string>,
  nodeOptions: string[],
): Promise<{ child: ChildProcess; words: string[] }> {
  // Node itself, not an npx wrapper, so that SIGTERM reaches the server.
  const child = spawn(process.execPath, [...nodeOptions, "--import", "tsx", script], {
    cwd: benchRoot,
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

/**
 * `npm start`'s own process (scripts/start.mjs: the compiled scripts/start.ts, a build check, then server.ts) on a free port: on a fresh data
 * directory with its demo shop, or on PostgreSQL with a shop made by `npm run shop -- create` (demo shops are an
 * embedded database's). Its log goes to `logFile`, as a deployment's would to a file; started when the banner is
 * there. `extraEnv` is added to its environment (a switch a benchmark compares, say).
 */
export async function startFullServer(
  env: Record<string, string>,
  logFile: string,
  nodeOptions: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; words: string[] }> {
  const net = await import("node:net");
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as import("node:net").AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const { DEMO_SHOPS } = await import("../lib/demo/demo-shops");
  let shop: { id: number | string; secretKey: string } = DEMO_SHOPS[0];
  if (env.BENCH_DATABASE_URL) {
    const { execFileSync } = await import("node:child_process");
    const created = execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/shop.ts", "create", "--name", "Benchmark"],
      { cwd: benchRoot, env: { ...process.env, DATABASE_URL: env.BENCH_DATABASE_URL }, encoding: "utf8" },
    );
    const [, id] = /shop id:\s+(\d+)/.exec(created) ?? [];
    const [, secretKey] = /secret key:\s+(\S+)/.exec(created) ?? [];
    shop = { id, secretKey };
  }
  const log = fs.openSync(logFile, "w");
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, "scripts/start.mjs"], {
    cwd: benchRoot,
    env: {
      ...process.env,
      // As `npm start` is run: no NODE_ENV (Next.js serves its production build either way).
      NODE_ENV: undefined as unknown as NodeJS.ProcessEnv["NODE_ENV"],
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: env.BENCH_DATA_DIR ?? "",
      DATABASE_URL: env.BENCH_DATABASE_URL ?? "",
      DEMO_SHOPS: "true",
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", log, "inherit"],
  });
  fs.closeSync(log);
  const started = Date.now();
  while (!fs.readFileSync(logFile, "utf8").includes("Tessera is running")) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited with ${child.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error("scripts/start.mjs did not start in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The load sends thousands of new cards a minute, which the default new-card cap (card-testing defence) refuses.
  const patched = await fetch(`http://127.0.0.1:${port}/gateway/shop`, {
    method: "PATCH",
    headers: {
      authorization: `Basic ${Buffer.from(`${shop.id}:${shop.secretKey}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ settings: { new_card_limit_per_minute: 0 } }),
  });
  if (!patched.ok) throw new Error(`could not lift the benchmark shop's new-card cap: ${patched.status}`);
  return { child, words: [String(port), String(shop.id), shop.secretKey] };
}

/** Stops a server started by `startServer` and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}
