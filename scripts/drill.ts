import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import type { Clock } from "@/lib/gateway/clock";
import { UNANSWERED_AFTER_SECONDS } from "@/lib/gateway/payments/recover-unanswered";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { parseMasterKey } from "@/lib/gateway/vault/envelope";
import { loadKeyring } from "@/lib/gateway/vault/keyring";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import {
  DrillWorld,
  freePort,
  type Haproxy,
  type Instance,
  type PgNode,
  primaryOnlyTcpCheck,
  psql,
  startInstance,
} from "./drill-cluster";
import {
  checkLedger,
  type Ledger,
  type LoadResult,
  percentile,
  repeatPayments,
  runPaymentLoad,
} from "./drill-load";

/**
 * `npm run drill -- <name>`: what happens to money when an instance, a rolling restart or the primary database goes
 * under load. Each drill builds a deployment on loopback (Debian's PostgreSQL 15 and HAProxy, gateway instances as
 * `npm run gateway` runs them, migrated first by `npm run migrate`), runs a payment load through the proxy, does its
 * deed, then compares what the clients were told with what the database holds. It prints its figures and ends with
 * one line, `PASS drill <name>` or `FAIL drill <name>: …`; the exit status is 0 only on a pass.
 */
const DRILLS = ["instance-killed", "rolling-restart", "db-failover", "scale"] as const;
type DrillName = (typeof DRILLS)[number];

const USAGE = `Usage:
  npm run drill -- <name> [--clients N] [--seconds N]

  instance-killed   three instances behind HAProxy; one gets SIGKILL under load
  rolling-restart   each instance in turn gets SIGTERM and comes back, under load
  db-failover       a synchronous standby is promoted when the primary is killed under load
  scale             throughput with one, two and three instances behind HAProxy on one PostgreSQL
  all               the four, one after the other

Needs PostgreSQL 15's binaries (${"/usr/lib/postgresql/15/bin"}, DRILL_PG_BIN) and haproxy on PATH (DRILL_HAPROXY).
DRILL_KEEP=1 keeps the drill's folder (logs, configurations).`;

const { positionals, values } = parseCommandLine({
  usage: USAGE,
  options: { clients: { type: "string" }, seconds: { type: "string" } },
  maxPositionals: 1,
});
const chosen = positionals[0];
if (!chosen || (chosen !== "all" && !DRILLS.includes(chosen as DrillName))) {
  exitWithUsage(USAGE, chosen ? `Unknown drill '${chosen}'.` : undefined);
}
const CLIENTS = Number(values.clients ?? 16);
const SECONDS = Number(values.seconds ?? 20);

const MASTER_KEY = randomBytes(32).toString("hex");

interface Deployment {
  world: DrillWorld;
  primary: PgNode;
  standby: PgNode | null;
  /** What the instances are given: the primary's, or the PostgreSQL proxy's when there is a standby. */
  databaseUrl: string;
  instances: Instance[];
  proxy: Haproxy;
  /** The PostgreSQL proxy, when there is a standby. */
  databaseProxy: Haproxy | null;
  origin: string;
  authorization: string;
  /** Starts instance `index` again on its port. */
  restart(index: number): Promise<Instance>;
}

/** The app proxy: HAProxy health-checking each instance's readiness with its plain HTTP/1.0 httpchk. */
function appProxyConfig(port: number, instancePorts: number[]): string {
  return `defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A refused or reset connection (an instance gone, or draining) is tried again on another instance; a payment
  # carries its RequestID, so a repeat can never charge twice.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend payments
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /gateway/health/ready
  http-check expect status 200
  # A busy instance may take a while to answer its check: a check that times out is not a dead instance, and
  # the requests it holds are left to finish rather than cut when it is marked down.
  timeout check 2s
  default-server inter 500 fastinter 250 downinter 500 fall 3 rise 2
${instancePorts.map((instancePort, index) => `  server i${index + 1} 127.0.0.1:${instancePort} check`).join("\n")}
`;
}

/** The database proxy: sends connections to whichever node answers `pg_is_in_recovery()` with false. */
function databaseProxyConfig(port: number, nodes: PgNode[]): string {
  return `defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m

listen postgres
  bind 127.0.0.1:${port}
${primaryOnlyTcpCheck()}
  default-server inter 500 fastinter 250 downinter 500 fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`).join("\n")}
`;
}

async function runMigrate(world: DrillWorld, databaseUrl: string): Promise<void> {
  const handle = world.spawn("migrate", process.execPath, ["scripts/run.mjs", "scripts/migrate.ts"], {
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
  });
  const status = await handle.exited;
  if (status !== 0) throw new Error(`npm run migrate exited with ${status}: see ${world.dir}/migrate.log`);
  console.log(`  ${handle.output().trim()}`);
}

async function createDrillShop(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
  try {
    const keyring = await loadKeyring(database.db, parseMasterKey(MASTER_KEY));
    // The load sends a new card per payment, which the new-card cap (card-testing defence) would refuse.
    const shop = await createShop({
      db: database.db,
      keyring,
      name: "Drill",
      settings: { new_card_limit_per_minute: 0 },
    });
    return `Basic ${Buffer.from(`${shop.id}:${shop.secretKey}`).toString("base64")}`;
  } finally {
    await database.close();
  }
}

async function deploy(options: { instances: number; standby?: boolean }): Promise<Deployment> {
  const world = new DrillWorld();
  try {
    const primary = await world.primary();
    const standby = options.standby ? await world.synchronousStandby(primary) : null;
    await psql(primary, "create database tessera");
    let databaseUrl = primary.url("tessera");
    let databaseProxy: Haproxy | null = null;
    if (standby) {
      const port = await freePort();
      databaseProxy = await world.haproxy("postgres-proxy", databaseProxyConfig(port, [primary, standby]));
      await databaseProxy.waitForUp("postgres", [primary.name]);
      databaseUrl = `postgres://postgres@127.0.0.1:${port}/tessera`;
    }
    await runMigrate(world, databaseUrl);
    const authorization = await createDrillShop(databaseUrl);
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const env = {
      DATABASE_URL: databaseUrl,
      MASTER_KEY,
      MIGRATE_ON_START: "false",
      SHUTDOWN_GRACE_SECONDS: "15",
      DATA_DIR: path.join(world.dir, "data"),
    };
    const launch = (index: number) =>
      startInstance(world, { name: `i${index + 1}`, port: ports[index], env });
    const instances = await Promise.all(ports.map((_, index) => launch(index)));
    const proxyPort = await freePort();
    const proxy = await world.haproxy("app-proxy", appProxyConfig(proxyPort, ports));
    await proxy.waitForUp(
      "app",
      ports.map((_, index) => `i${index + 1}`),
    );
    return {
      world,
      primary,
      standby,
      databaseUrl,
      instances,
      proxy,
      databaseProxy,
      origin: `http://127.0.0.1:${proxyPort}`,
      authorization,
      restart: async (index) => {
        instances[index] = await launch(index);
        return instances[index];
      },
    };
  } catch (error) {
    await world.close();
    throw error;
  }
}

/**
 * The payment recovery sweep (every instance runs it each minute, for payments left without their acquirer answer
 * for ${UNANSWERED_AFTER_SECONDS} s) run at once, with the time it compares against moved past that wait: what the
 * instances would do two minutes later, without the wait. Returns how many payments it finished.
 */
async function recoverySweep(databaseUrl: string, world: DrillWorld): Promise<number> {
  const skip = UNANSWERED_AFTER_SECONDS + 1;
  const later: Clock = {
    isFixed: false,
    now: () => new Date(Date.now() + skip * 1000),
    sqlNow: () => sql`(clock_timestamp() + make_interval(secs => ${skip}))`,
  };
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    MASTER_KEY,
    MIGRATE_ON_START: "false",
    DATA_DIR: path.join(world.dir, "recovery"),
  });
  const runtime = await startGatewayRuntime({
    config,
    // Each recovered payment is a warning line: the drill prints their count instead.
    logger: createLogger({ level: "error" }),
    clock: later,
    backgroundWorkers: false,
  });
  try {
    let finished = 0;
    for (;;) {
      const count = await runtime.paymentRecovery.sweepOnce();
      finished += count;
      if (count === 0) return finished;
    }
  } finally {
    await runtime.close();
  }
}

/** Where and how hard the load of a drill goes: the deployment's proxy, its shop, the clients asked for. */
function loadTarget(deployment: Deployment) {
  return { origin: deployment.origin, authorization: deployment.authorization, clients: CLIENTS };
}

function loadFigures(result: LoadResult): string[] {
  const acknowledged = result.outcomes.filter((outcome) => outcome.acknowledged);
  const latencies = acknowledged.map((outcome) => outcome.ms ?? 0);
  const failed = [...result.failures].map(([kind, count]) => `${kind} ×${count}`).join(", ") || "none";
  return [
    `payments sent: ${result.outcomes.length} in ${(result.loadMs / 1000).toFixed(1)} s (${CLIENTS} clients), ` +
      `acknowledged: ${acknowledged.length}`,
    `payments sent per second: ${((result.outcomes.length / result.loadMs) * 1000).toFixed(1)}; ` +
      `time to acknowledgement p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, ` +
      `max ${percentile(latencies, 100)} ms`,
    `attempts that got no final answer (repeated with the same RequestID): ${failed}`,
  ];
}

function ledgerFigures(ledger: Ledger): string[] {
  const stored = [...ledger.unacknowledgedStored].map(([status, count]) => `${status} ×${count}`).join(", ");
  return [
    `ledger: ${ledger.acknowledged} acknowledged, ${ledger.lostOrChanged.length} of them missing or changed; ` +
      `${ledger.duplicated.length} payments stored twice; ${ledger.incomplete} left incomplete`,
    `never acknowledged: ${ledger.unacknowledged}${stored ? ` (stored as ${stored})` : " (none stored)"}`,
  ];
}

function ledgerProblems(ledger: Ledger): string[] {
  const problems: string[] = [];
  if (ledger.lostOrChanged.length > 0)
    problems.push(`${ledger.lostOrChanged.length} acknowledged payments lost`);
  if (ledger.duplicated.length > 0) problems.push(`${ledger.duplicated.length} payments duplicated`);
  if (ledger.incomplete > 0) problems.push(`${ledger.incomplete} payments left incomplete`);
  return problems;
}

/** The longest time without an acknowledgement, from `since` on: how long payments stopped. */
function longestPauseAfter(result: LoadResult, since: number): number | null {
  const after = result.acknowledgedTimes.filter((time) => time >= since).sort((a, b) => a - b);
  if (after.length === 0) return null;
  let longest = after[0] - since;
  for (let i = 1; i < after.length; i++) longest = Math.max(longest, after[i] - after[i - 1]);
  return longest;
}

interface DrillReport {
  figures: string[];
  problems: string[];
}

async function instanceKilled(): Promise<DrillReport> {
  const deployment = await deploy({ instances: 3 });
  const figures: string[] = [];
  try {
    const startedAt = Date.now();
    let killedAt = 0;
    let markedDownMs: number | null = null;
    const result = await runPaymentLoad(
      {
        ...loadTarget(deployment),
        durationMs: SECONDS * 1000,
        settleMs: 40_000,
      },
      async (elapsed) => {
        while (elapsed() < (SECONDS * 1000) / 3) await sleep(50);
        killedAt = Date.now();
        await deployment.instances[1].kill();
        while (Date.now() - killedAt < 10_000) {
          if ((await deployment.proxy.serverStates()).get("app/i2") === "DOWN") {
            markedDownMs = Date.now() - killedAt;
            break;
          }
          await sleep(25);
        }
      },
    );
    figures.push(...loadFigures(result));
    const failuresAfterKill = result.failureTimes.filter((time) => time >= killedAt).length;
    figures.push(
      `i2 got SIGKILL at ${((killedAt - startedAt) / 1000).toFixed(1)} s; ` +
        `HAProxy marked it DOWN ${markedDownMs ?? "(not within 10 s)"} ms later; ` +
        `failed attempts from the kill on: ${failuresAfterKill}`,
    );
    const recovered = await recoverySweep(deployment.databaseUrl, deployment.world);
    figures.push(`recovery sweep finished ${recovered} payments left without their acquirer answer`);
    const ledger = await checkLedger(deployment.databaseUrl, result.outcomes);
    figures.push(...ledgerFigures(ledger));
    // What a client repeating an unacknowledged payment now hears.
    const unanswered = result.outcomes.filter((outcome) => !outcome.acknowledged);
    if (unanswered.length > 0) {
      const again = await repeatPayments(deployment, unanswered);
      const heard = [...again].map(([label, count]) => `${label} ×${count}`).join(", ");
      figures.push(`the never-acknowledged payments repeated once more after the sweep: ${heard}`);
    }
    return { figures, problems: ledgerProblems(ledger) };
  } finally {
    await deployment.world.close();
  }
}

async function rollingRestart(): Promise<DrillReport> {
  const deployment = await deploy({ instances: 3 });
  const figures: string[] = [];
  const problems: string[] = [];
  try {
    const restarts: string[] = [];
    let restartsDone = false;
    const result = await runPaymentLoad(
      {
        ...loadTarget(deployment),
        durationMs: 180_000,
        stopWhen: () => restartsDone,
        settleMs: 10_000,
      },
      async () => {
        await sleep(3000);
        for (let index = 0; index < deployment.instances.length; index++) {
          const name = `i${index + 1}`;
          const { status, ms } = await deployment.instances[index].terminate();
          if (status !== 0) problems.push(`${name} exited with ${status} on SIGTERM`);
          const began = Date.now();
          await deployment.restart(index);
          await deployment.proxy.waitForUp("app", [name]);
          restarts.push(
            `${name}: drained and exited ${status} in ${ms} ms, back in rotation ${Date.now() - began} ms later`,
          );
          await sleep(2000);
        }
        restartsDone = true;
      },
    );
    figures.push(...loadFigures(result), ...restarts);
    const failed = result.outcomes.reduce((sum, outcome) => sum + outcome.failedAttempts, 0);
    if (failed > 0) problems.push(`${failed} requests failed during the restarts`);
    const ledger = await checkLedger(deployment.databaseUrl, result.outcomes);
    figures.push(...ledgerFigures(ledger));
    problems.push(...ledgerProblems(ledger));
    if (ledger.unacknowledged > 0) problems.push(`${ledger.unacknowledged} payments never acknowledged`);
    return { figures, problems };
  } finally {
    await deployment.world.close();
  }
}

async function dbFailover(): Promise<DrillReport> {
  const deployment = await deploy({ instances: 3, standby: true });
  const figures: string[] = [];
  const problems: string[] = [];
  const standby = deployment.standby as PgNode;
  try {
    let crashedAt = 0;
    let promotedAfterMs = 0;
    let switchedMs: number | null = null;
    const result = await runPaymentLoad(
      {
        ...loadTarget(deployment),
        durationMs: SECONDS * 1000,
        settleMs: 40_000,
      },
      async (elapsed) => {
        while (elapsed() < (SECONDS * 1000) / 3) await sleep(50);
        crashedAt = Date.now();
        deployment.primary.crash();
        // The operator's step (or a failover manager's): promote the synchronous standby.
        await sleep(1000);
        standby.promote();
        promotedAfterMs = Date.now() - crashedAt;
        const databaseProxy = deployment.databaseProxy as Haproxy;
        while (Date.now() - crashedAt < 30_000) {
          if ((await databaseProxy.serverStates()).get(`postgres/${standby.name}`) === "UP") {
            switchedMs = Date.now() - crashedAt;
            break;
          }
          await sleep(25);
        }
      },
    );
    figures.push(...loadFigures(result));
    const pause = longestPauseAfter(result, crashedAt);
    figures.push(
      `primary crashed (pg_ctl stop -m immediate) at ${(SECONDS / 3).toFixed(1)} s; standby promoted ` +
        `${promotedAfterMs} ms later; the proxy sent connections to it ${switchedMs ?? "(not within 30 s)"} ms after the crash; ` +
        `longest time without an acknowledgement from the crash on: ${pause ?? "(none came)"} ms; ` +
        `failed attempts from the crash on: ${result.failureTimes.filter((time) => time >= crashedAt).length}`,
    );
    const running = deployment.instances.filter(
      (instance) => instance.process.child.exitCode === null,
    ).length;
    figures.push(`instances still running, never restarted: ${running} of ${deployment.instances.length}`);
    if (running < deployment.instances.length) problems.push("an instance stopped");
    if (pause === null || pause > 30_000) problems.push("payments stopped for more than 30 s");
    const recovered = await recoverySweep(deployment.databaseUrl, deployment.world);
    figures.push(`recovery sweep on the new primary finished ${recovered} payments`);
    const inRecovery = (await psql(standby, "select pg_is_in_recovery()")).trim();
    figures.push(`the new primary (the old standby) takes writes: ${inRecovery === "f"}`);
    const ledger = await checkLedger(standby.url("tessera"), result.outcomes);
    figures.push(...ledgerFigures(ledger));
    problems.push(...ledgerProblems(ledger));
    return { figures, problems };
  } finally {
    await deployment.world.close();
  }
}

/** CPU seconds used so far by a process and its children still alive (the postmaster's backends). */
function cpuSeconds(pid: number, withChildren = false): number {
  const ticks = (target: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${target}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  let total = ticks(pid);
  if (withChildren) {
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
        if (Number(fields[1]) === pid) total += ticks(Number(entry));
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return total / 100;
}

async function scale(): Promise<DrillReport> {
  const deployment = await deploy({ instances: 3 });
  const figures: string[] = [];
  const problems: string[] = [];
  const postmaster = Number(
    fs.readFileSync(path.join(deployment.primary.dataDir, "postmaster.pid"), "utf8").split("\n")[0],
  );
  const socket = path.join(deployment.world.dir, "app-proxy.sock");
  const admin = async (command: string) => {
    await new Promise<void>((resolve, reject) => {
      const connection = net.connect(socket, () => connection.end(`${command}\n`));
      // Its answer read (and dropped): a socket never read never ends.
      connection.resume();
      connection.on("close", () => resolve());
      connection.on("error", reject);
    });
  };
  try {
    const rates: number[] = [];
    const outcomes: LoadResult["outcomes"] = [];
    for (const count of [1, 2, 3]) {
      for (let index = 0; index < 3; index++) {
        await admin(`${index < count ? "enable" : "disable"} server app/i${index + 1}`);
      }
      // Warm-up: connections and plans of the instances in rotation.
      await runPaymentLoad({
        ...loadTarget(deployment),
        durationMs: 2000,
        retry: false,
      });
      const pids = deployment.instances.map((instance) => instance.process.child.pid ?? 0);
      const before = {
        app: pids.map((pid) => cpuSeconds(pid)),
        db: cpuSeconds(postmaster, true),
        load: process.cpuUsage(),
      };
      const result = await runPaymentLoad({
        ...loadTarget(deployment),
        durationMs: SECONDS * 1000,
        retry: false,
      });
      outcomes.push(...result.outcomes);
      const seconds = result.loadMs / 1000;
      const acknowledged = result.outcomes.filter((outcome) => outcome.acknowledged);
      const rate = acknowledged.length / seconds;
      rates.push(rate);
      const appCpu = pids.map((pid, index) => cpuSeconds(pid) - before.app[index]).reduce((a, b) => a + b, 0);
      const dbCpu = cpuSeconds(postmaster, true) - before.db;
      const loadCpu = process.cpuUsage(before.load);
      const latencies = acknowledged.map((outcome) => outcome.ms ?? 0);
      figures.push(
        `${count} instance${count > 1 ? "s" : " "}: ${rate.toFixed(1)} payments/s, p50 ${percentile(latencies, 50)} ms, ` +
          `p99 ${percentile(latencies, 99)} ms; failed ${result.outcomes.length - acknowledged.length}; CPU cores busy: ` +
          `instances ${(appCpu / seconds).toFixed(2)}, PostgreSQL ${(dbCpu / seconds).toFixed(2)}, ` +
          `load generator ${((loadCpu.user + loadCpu.system) / 1e6 / seconds).toFixed(2)}`,
      );
      if (acknowledged.length < result.outcomes.length) {
        const kinds = [...result.failures].map(([kind, times]) => `${kind} ×${times}`).join(", ");
        problems.push(
          `${result.outcomes.length - acknowledged.length} payments failed with ${count} instances (${kinds})`,
        );
      }
    }
    figures.push(
      `gain: two instances ×${(rates[1] / rates[0]).toFixed(2)}, three ×${(rates[2] / rates[0]).toFixed(2)} of one`,
    );
    const ledger = await checkLedger(deployment.databaseUrl, outcomes);
    figures.push(...ledgerFigures(ledger));
    problems.push(...ledgerProblems(ledger));
    return { figures, problems };
  } finally {
    await deployment.world.close();
  }
}

const RUNNERS: Record<DrillName, () => Promise<DrillReport>> = {
  "instance-killed": instanceKilled,
  "rolling-restart": rollingRestart,
  "db-failover": dbFailover,
  scale,
};

let failed = 0;
for (const name of chosen === "all" ? DRILLS : [chosen as DrillName]) {
  console.log(`drill ${name}`);
  const began = performance.now();
  let report: DrillReport;
  try {
    report = await RUNNERS[name]();
  } catch (error) {
    report = { figures: [], problems: [`the drill could not run: ${(error as Error).message}`] };
  }
  for (const line of report.figures) console.log(`  ${line}`);
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  if (report.problems.length === 0) {
    console.log(`PASS drill ${name} (${seconds} s)`);
  } else {
    failed += 1;
    console.log(`FAIL drill ${name} (${seconds} s): ${report.problems.join("; ")}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
