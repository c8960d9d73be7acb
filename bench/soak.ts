import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { widgetPagePath } from "../lib/checkout/widget-path";
import { cardRequestBody, createRefundParents, refundAmount, type Target } from "./scenarios";
import {
  deployedNodeOptions,
  residentMegabytes,
  startFullServer,
  startServer,
  stillWarming,
  stopServer,
  withCpuPerRequest,
  withFreshDatabase,
} from "./server-process";

/**
 * `npm run bench:soak [-- --postgres] [--server] [--rounds 6] [--duration 10] [--connections 32] [--parents 480]
 * [--refund-connections 16] [--maintenance both|on|off] [--repeat 1] [--together] [--page-duration 5]`
 * Staying power: one gateway process (bench/gateway-server.ts, the deployed runtime; with `--server` what
 * `npm start` runs, the checkout app and the background workers beside the gateway) on fresh data, warmed by the
 * same rounds until its CPU per payment settles (printed, not counted), then rounds of
 * payments on new cards (`--duration` seconds, `--connections` at once), each followed by refunds of `--parents`
 * parents paid just before (one refund each, `--refund-connections` at once): the history grows as a day's traffic
 * would grow it, and each round's throughput is printed. With `--server` each round then serves hosted payment
 * pages (`--page-duration` seconds, 4 at once, over new checkout sessions): the checkout app's side of the process
 * ages too, and a page served turns on Next.js's own async-context storages, which every later request pays for
 * (docs/decisions.md, "A warm process"). On the embedded database, `--maintenance both` (the
 * default) runs the same load on two processes one after the other, the embedded store's maintenance off
 * (EMBEDDED_DATABASE_MAINTENANCE=false) then on, `--repeat` times, so that before and after are compared in one
 * run; `--together` runs the two at the same time instead, each with its load, so that both see the same machine
 * (on a shared host, whose speed drifts by more than the difference measured). Each round prints the server's CPU
 * time per request too, the figure least moved by the machine's other work. Targets: the last payment round at least 0.9 of the first; refunds at least a third of the first payment
 * round's rate, none timing out; the resident set at the end within 10 % of its value after the first minute
 * (reached with `--duration 40`: six rounds of five minutes' load).
 */
const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    rounds: { type: "string", default: "6" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    parents: { type: "string", default: "480" },
    "refund-connections": { type: "string", default: "16" },
    maintenance: { type: "string", default: "both" },
    repeat: { type: "string", default: "1" },
    together: { type: "boolean", default: false },
    server: { type: "boolean", default: false },
    "page-duration": { type: "string", default: "5" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
const parentCount = Math.ceil(Number(values.parents) / 16) * 16;
const refundConnections = Number(values["refund-connections"]);
const repeat = Number(values.repeat);
const pageDuration = Number(values["page-duration"]);
/** New checkout sessions a round's page views go round (`--server`). */
const PAGE_SESSIONS = 64;
/** A request not answered in this many seconds counts as timed out (autocannon's default). */
const TIMEOUT_SECONDS = 10;
/** The most rounds run to warm a new process before the measured ones (`soak`). */
const WARMUP_ROUNDS = 6;
const nodeOptions = deployedNodeOptions(values.server ? "start" : "gateway");

type Variant = "maintenance off" | "maintenance on" | "PostgreSQL";
const variants: Variant[] = values.postgres
  ? ["PostgreSQL"]
  : values.maintenance === "both"
    ? ["maintenance off", "maintenance on"]
    : values.maintenance === "off"
      ? ["maintenance off"]
      : ["maintenance on"];

interface Load {
  perSecond: number;
  p99: number;
  failed: number;
  timeouts: number;
  /**
   * The server's CPU time per request in ms: unlike req/s, barely moved by other work on a shared machine, so the
   * steadier sign of a statement that costs more as the tables grow (the embedded database's CPU is in it).
   */
  cpuMs: number | null;
}

async function load(pid: number, options: autocannon.Options): Promise<Load> {
  const started = performance.now();
  let lastAnswer = started;
  const { result, cpuPerRequestMs } = await withCpuPerRequest(
    pid,
    () =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ timeout: TIMEOUT_SECONDS, ...options }, (error, finished) =>
          error ? reject(error) : resolve(finished),
        );
        instance.on("response", () => {
          lastAnswer = performance.now();
        });
      }),
  );
  // Timed here, to the last answer, rather than by autocannon: it reports a run at its next one-second tick, so a
  // refund round of 1.1 s read as 2 and every short round's rate was its request count over 1, 2, 3 or 4.
  const seconds = (lastAnswer - started) / 1000;
  return {
    perSecond: result.requests.total / seconds,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    timeouts: result.timeouts,
    cpuMs: cpuPerRequestMs,
  };
}

interface RoundFigures {
  payments: Load;
  refunds: Load;
  /** Hosted payment pages served (`--server` only). */
  pages: Load | null;
  /** Resident set at the round's end, and the seconds of load behind it. */
  rssMb: number | null;
  atSeconds: number;
}

interface RunFigures {
  variant: Variant;
  rounds: RoundFigures[];
  rssAfterFirstMinuteMb: number | null;
  rssAtEndMb: number | null;
  loadSeconds: number;
  /** The embedded database's maintenance (null on PostgreSQL), from the server's log. */
  maintenance: MaintenanceFigures | null;
  /** The embedded database's files at the end of the load (null on PostgreSQL). */
  disk: { walMb: number; tablesMb: number } | null;
}

function directoryBytes(directory: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    bytes += entry.isDirectory() ? directoryBytes(entryPath) : fs.statSync(entryPath).size;
  }
  return bytes;
}

/** The embedded store's write-ahead log and tables on disk (its data directory's `pg_wal` and `base`). */
function storeOnDisk(dataDir: string): { walMb: number; tablesMb: number } {
  const store = path.join(dataDir, "pglite");
  const megabytesOf = (directory: string) =>
    Math.round(directoryBytes(path.join(store, directory)) / 1024 / 1024);
  return { walMb: megabytesOf("pg_wal"), tablesMb: megabytesOf("base") };
}

/**
 * How long the embedded store's maintenance held it: each of its statements (an ANALYZE or a VACUUM of one table)
 * holds the one connection every request waits on, so its longest statement is a stall that every request then in
 * flight sees.
 */
interface MaintenanceFigures {
  runs: number;
  totalMs: number;
  longestMs: number;
}

function maintenanceFigures(log: string): MaintenanceFigures {
  const rounds = log
    .split("\n")
    .filter((line) => line.includes('"msg":"embedded database maintenance"'))
    .map((line) => JSON.parse(line) as { ms: number; longestMs: number });
  return {
    runs: rounds.length,
    totalMs: rounds.reduce((sum, round) => sum + round.ms, 0),
    longestMs: Math.max(0, ...rounds.map((round) => round.longestMs)),
  };
}

async function soak(variant: Variant): Promise<RunFigures> {
  const label = `soak_${variant.toLowerCase().replace(/\W+/g, "_")}`;
  return withFreshDatabase(label, variant === "PostgreSQL" ? values["postgres-url"]! : null, async (env) => {
    const logFile = path.join(os.tmpdir(), `tessera-bench-${label}-${process.pid}.log`);
    const maintenanceEnv: Record<string, string> =
      variant === "maintenance off" ? { EMBEDDED_DATABASE_MAINTENANCE: "false" } : {};
    const { child, words } = values.server
      ? await startFullServer(env, logFile, nodeOptions, maintenanceEnv)
      : await startServer(
          "bench/gateway-server.ts",
          { ...env, BENCH_LOG_FILE: logFile, ...maintenanceEnv },
          nodeOptions,
        );
    try {
      const [port, shopId, secretKey] = words;
      const target: Target = {
        base: `http://127.0.0.1:${port}/gateway`,
        headers: { authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}` },
      };
      const headers = { "content-type": "application/json", ...target.headers };
      const started = performance.now();
      let rssAfterFirstMinuteMb: number | null = null;
      // Sampled every second: the first sample past a minute of load is "after the first minute".
      const sampler = setInterval(() => {
        if (rssAfterFirstMinuteMb === null && performance.now() - started >= 60_000) {
          rssAfterFirstMinuteMb = residentMegabytes(child.pid!);
        }
      }, 1000);
      const figures: RoundFigures[] = [];
      const oneRound = async (): Promise<RoundFigures> => {
        const payments = await load(child.pid!, {
          url: `${target.base}/transactions/payments`,
          method: "POST",
          headers,
          connections,
          duration,
          requests: [{ setupRequest: (request) => ({ ...request, body: cardRequestBody() }) }],
        });
        const parents = await createRefundParents(target, parentCount);
        let sent = 0;
        const refunds = await load(child.pid!, {
          url: `${target.base}/transactions/refunds`,
          method: "POST",
          headers,
          connections: refundConnections,
          amount: parents.length,
          requests: [
            {
              setupRequest: (request) => {
                const parentUid = parents[sent % parents.length];
                sent += 1;
                return {
                  ...request,
                  body: JSON.stringify({
                    request: {
                      parent_uid: parentUid,
                      amount: refundAmount(sent),
                      reason: "Soak refund",
                      duplicate_check: false,
                    },
                  }),
                };
              },
            },
          ],
        });
        const pages = values.server ? await servePages(child.pid!, target, `http://127.0.0.1:${port}`) : null;
        const atSeconds = (performance.now() - started) / 1000;
        return { payments, refunds, pages, rssMb: residentMegabytes(child.pid!), atSeconds };
      };
      try {
        // Warm first: a new process keeps getting faster while V8 optimizes its code (tens of thousands of requests,
        // docs/decisions.md "A warm process"), which would hide a slowdown with age behind the first round's cold
        // start. Rounds until a round's payments no longer cost 5 % less CPU than the last's, at most WARMUP_ROUNDS;
        // their history stays, as a day's earlier traffic would.
        let previousCpu: number | null = null;
        for (let round = 1; round <= WARMUP_ROUNDS; round++) {
          const warming = await oneRound();
          console.log(`${variant.padEnd(16)} ${roundLine(`warm-up ${round}`, warming)}`);
          if (!stillWarming(previousCpu, warming.payments.cpuMs)) break;
          previousCpu = warming.payments.cpuMs;
        }
        for (let round = 1; round <= rounds; round++) {
          figures.push(await oneRound());
          console.log(`${variant.padEnd(16)} ${roundLine(`round ${round}`, figures.at(-1)!)}`);
        }
      } finally {
        clearInterval(sampler);
      }
      const loadSeconds = (performance.now() - started) / 1000;
      const rssAtEndMb = residentMegabytes(child.pid!);
      // Read while the server runs: the embedded store checkpoints (and trims its log) when it closes.
      const disk = variant === "PostgreSQL" ? null : storeOnDisk(env.BENCH_DATA_DIR!);
      await stopServer(child);
      const maintenance =
        variant === "PostgreSQL" ? null : maintenanceFigures(fs.readFileSync(logFile, "utf8"));
      return { variant, rounds: figures, rssAfterFirstMinuteMb, rssAtEndMb, loadSeconds, maintenance, disk };
    } finally {
      await stopServer(child);
      fs.rmSync(logFile, { force: true });
    }
  });
}

/**
 * A round's hosted payment pages: `PAGE_SESSIONS` new checkout sessions, then their pages (`GET /checkout/{token}`,
 * rendered by the checkout app from the gateway's answer) for `--page-duration` seconds, 4 at once.
 */
async function servePages(pid: number, target: Target, origin: string): Promise<Load> {
  const paths: string[] = [];
  for (let made = 0; made < PAGE_SESSIONS; made++) {
    const response = await fetch(`${target.base}/ctp/api/checkouts`, {
      method: "POST",
      headers: { "content-type": "application/json", ...target.headers },
      body: JSON.stringify({
        checkout: {
          transaction_type: "payment",
          test: true,
          order: { amount: 1290 + made, currency: "EUR", description: "Soak order" },
          settings: { language: "en" },
        },
      }),
    });
    if (response.status !== 201)
      throw new Error(`checkout not created: ${response.status} ${await response.text()}`);
    const { checkout } = (await response.json()) as { checkout: { redirect_url: string } };
    // The page itself, where beGateway's address of it (`/widget/hpp.html?token=…`) redirects the shopper.
    const page = widgetPagePath(new URL(checkout.redirect_url));
    if (!page) throw new Error(`not a hosted page's address: ${checkout.redirect_url}`);
    paths.push(page);
  }
  let sent = 0;
  return load(pid, {
    url: origin,
    method: "GET",
    connections: 4,
    duration: pageDuration,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[sent++ % paths.length] }) }],
  });
}

const mb = (value: number | null) => (value === null ? "?" : value.toFixed(0));
function roundLine(name: string, { payments, refunds, pages, rssMb, atSeconds }: RoundFigures): string {
  const cpu = (load: Load) => (load.cpuMs === null ? "?" : load.cpuMs.toFixed(2));
  const figures = (what: string, load: Load) =>
    `${what} ${load.perSecond.toFixed(0).padStart(5)}/s p99 ${String(load.p99).padStart(5)} ms CPU ${cpu(load)} ms/req`;
  const loads = [payments, refunds, ...(pages ? [pages] : [])];
  const failed = loads.reduce((sum, load) => sum + load.failed, 0);
  const timeouts = loads.reduce((sum, load) => sum + load.timeouts, 0);
  return `${name.padEnd(9)}  ${figures("payments", payments)}   ${figures("refunds", refunds)}${pages ? `   ${figures("pages", pages)}` : ""}   failed ${failed} (timeouts ${timeouts})   RSS ${mb(rssMb)} MB at ${atSeconds.toFixed(0)} s`;
}

function summaryLine(run: RunFigures): string {
  const first = run.rounds[0].payments.perSecond;
  const last = run.rounds.at(-1)!.payments.perSecond;
  const slowestRefunds = Math.min(...run.rounds.map((r) => r.refunds.perSecond));
  const timeouts = run.rounds.reduce(
    (sum, r) => sum + r.payments.timeouts + r.refunds.timeouts + (r.pages?.timeouts ?? 0),
    0,
  );
  const rss =
    run.rssAfterFirstMinuteMb === null || run.rssAtEndMb === null
      ? `RSS ${mb(run.rssAtEndMb)} MB at the end (under a minute of load: no first-minute figure)`
      : `RSS end / first minute ${(run.rssAtEndMb / run.rssAfterFirstMinuteMb).toFixed(2)} (${mb(run.rssAfterFirstMinuteMb)} → ${mb(run.rssAtEndMb)} MB over ${run.loadSeconds.toFixed(0)} s; <= 1.10)`;
  // The first minute often falls in the warm-up, while the embedded store's WebAssembly heap is still growing to its
  // working size; the measured rounds' own samples say whether it keeps growing after that.
  const [firstRoundRss, lastRoundRss] = [run.rounds[0].rssMb, run.rounds.at(-1)!.rssMb];
  const roundsRss =
    firstRoundRss === null || lastRoundRss === null
      ? ""
      : `, last / first round ${(lastRoundRss / firstRoundRss).toFixed(2)} (${mb(firstRoundRss)} → ${mb(lastRoundRss)} MB)`;
  const cpuGrowth = (pick: (round: RoundFigures) => Load) => {
    const [first, last] = [pick(run.rounds[0]).cpuMs, pick(run.rounds.at(-1)!).cpuMs];
    return first === null || last === null ? "?" : (last / first).toFixed(2);
  };
  const pages = run.rounds[0].pages
    ? `, pages ${cpuGrowth((r) => r.pages!)} (served last / first round ${(run.rounds.at(-1)!.pages!.perSecond / run.rounds[0].pages.perSecond).toFixed(2)})`
    : "";
  const cpu = `CPU a request, last / first round: payments ${cpuGrowth((r) => r.payments)}, refunds ${cpuGrowth((r) => r.refunds)}${pages}`;
  const held = run.maintenance;
  const maintenance =
    held === null
      ? ""
      : `   maintenance runs ${held.runs}, ${(held.totalMs / 1000).toFixed(1)} s in all (${((held.totalMs / 1000 / run.loadSeconds) * 100).toFixed(1)} % of the load's time), longest statement ${held.longestMs} ms`;
  const disk =
    run.disk === null ? "" : `   on disk: log ${run.disk.walMb} MB, tables ${run.disk.tablesMb} MB`;
  return `${run.variant.padEnd(16)} last / first payment round ${(last / first).toFixed(2)} (>= 0.90)   slowest refund round / first payment round ${(slowestRefunds / first).toFixed(2)} (>= 0.33)   timeouts ${timeouts}   ${cpu}   ${rss}${roundsRss}${maintenance}${disk}`;
}

console.log(
  `Soak on ${values.postgres ? "PostgreSQL" : "PGlite"}, ${values.server ? "the full server (npm start)" : "the gateway harness"}: ${rounds} rounds of ${duration} s of payments (${connections} connections) then refunds of ${parentCount} new parents (${refundConnections} connections)${values.server ? `, then ${pageDuration} s of hosted payment pages` : ""}; ${variants.join(", ")}${repeat > 1 ? `, ${repeat} times` : ""}; node ${nodeOptions.join(" ")}`,
);
const runs: RunFigures[] = [];
for (let pass = 0; pass < repeat; pass++) {
  if (values.together) runs.push(...(await Promise.all(variants.map(soak))));
  else for (const variant of variants) runs.push(await soak(variant));
}
console.log("\nsummary (ratios; targets in brackets)");
for (const run of runs) console.log(summaryLine(run));
// autocannon leaves sockets and timers behind; the run is over, so end the process rather than wait on them.
process.exit(0);
