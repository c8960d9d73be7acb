import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { projectRoot } from "@/lib/server/project-root";

/**
 * The machinery of `npm run drill`: PostgreSQL clusters, HAProxy and gateway instances as processes of their own,
 * on loopback, in one temporary folder that `close()` removes with everything it started. PostgreSQL and HAProxy
 * are Debian's binaries (postgresql-15, haproxy); nothing here touches the machine's own PostgreSQL.
 */
const PG_BIN = process.env.DRILL_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const HAPROXY = process.env.DRILL_HAPROXY ?? "haproxy";
/** PostgreSQL refuses to run as root: when the drill runs as root, the clusters belong to this user. */
const PG_USER = "postgres";

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

/** A PostgreSQL command, as the clusters' owner. */
function pgCommand(command: string, args: string[], options: { quiet?: boolean } = {}): string {
  const binary = path.join(PG_BIN, command);
  const [file, argv] = asRoot() ? ["runuser", ["-u", PG_USER, "--", binary, ...args]] : [binary, args];
  return execFileSync(file, argv, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", options.quiet ? "ignore" : "pipe"],
  });
}

export interface PgNode {
  name: string;
  port: number;
  dataDir: string;
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  /** A crash: `pg_ctl stop -m immediate` (no checkpoint; what a killed machine leaves). */
  crash(): void;
  promote(): void;
  stop(): void;
}

export interface ProcessHandle {
  child: ChildProcess;
  exited: Promise<number | string>;
  output(): string;
}

/** One drill's folder and processes. */
export class DrillWorld {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-drill-"));
  private readonly nodes: PgNode[] = [];
  /** True once `close()` began: the processes it ends did not end on their own. */
  closing = false;
  private readonly children: ChildProcess[] = [];

  constructor() {
    if (asRoot()) execFileSync("chown", [PG_USER, this.dir]);
  }

  private pgNode(name: string, port: number, dataDir: string): PgNode {
    const node: PgNode = {
      name,
      port,
      dataDir,
      url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
      crash: () => pgCommand("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-w"], { quiet: true }),
      promote: () => pgCommand("pg_ctl", ["promote", "-D", dataDir, "-w"], { quiet: true }),
      stop: () => {
        try {
          pgCommand("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", "-w"], { quiet: true });
        } catch {
          // Already stopped (crashed by the drill).
        }
      },
    };
    this.nodes.push(node);
    return node;
  }

  private startPg(dataDir: string, port: number, settings: string[]): void {
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dataDir}`,
      "-c max_connections=300",
      "-c shared_buffers=128MB",
      ...settings,
    ].join(" ");
    pgCommand("pg_ctl", ["start", "-D", dataDir, "-w", "-t", "60", "-l", `${dataDir}.log`, "-o", options], {
      quiet: true,
    });
  }

  /** A new cluster (trust authentication on loopback, replication allowed), started. */
  async primary(name = "primary"): Promise<PgNode> {
    const dataDir = path.join(this.dir, name);
    pgCommand("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], {
      quiet: true,
    });
    const port = await freePort();
    this.startPg(dataDir, port, ["-c wal_level=replica", "-c max_wal_senders=5"]);
    return this.pgNode(name, port, dataDir);
  }

  /**
   * A streaming standby of `primary` (pg_basebackup), started; then the primary waits for it at every commit
   * (`synchronous_standby_names = '*'`, set on the primary alone, so the standby once promoted does not wait for a
   * standby it has not got). Resolves once the standby is the synchronous one.
   */
  async synchronousStandby(primary: PgNode, name = "standby"): Promise<PgNode> {
    const dataDir = path.join(this.dir, name);
    pgCommand(
      "pg_basebackup",
      ["-D", dataDir, "-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-X", "stream", "-R"],
      { quiet: true },
    );
    const port = await freePort();
    this.startPg(dataDir, port, ["-c hot_standby=on"]);
    const standby = this.pgNode(name, port, dataDir);
    await psql(primary, "alter system set synchronous_standby_names = '*'");
    await psql(primary, "select pg_reload_conf()");
    await waitFor("the standby to be synchronous", async () =>
      (await psql(primary, "select sync_state from pg_stat_replication")).includes("sync"),
    );
    return standby;
  }

  /** HAProxy with `config` (global and defaults are added), in the foreground; its stats socket for `serverStates`. */
  async haproxy(name: string, config: string): Promise<Haproxy> {
    const socket = path.join(this.dir, `${name}.sock`);
    const file = path.join(this.dir, `${name}.cfg`);
    fs.writeFileSync(
      file,
      `global\n  maxconn 8192\n  stats socket ${socket} mode 600 level admin\n\n${config}`,
    );
    const handle = this.spawn(name, HAPROXY, ["-f", file, "-db"], {});
    await waitFor(`${name} (haproxy) to listen`, async () => fs.existsSync(socket));
    return {
      process: handle,
      serverStates: () => haproxyServerStates(socket),
      async waitForUp(backend: string, servers: string[]) {
        await waitFor(`${servers.join(", ")} UP in ${backend}`, async () => {
          const states = await haproxyServerStates(socket);
          return servers.every((server) => states.get(`${backend}/${server}`) === "UP");
        });
      },
    };
  }

  spawn(name: string, file: string, args: string[], env: Record<string, string>): ProcessHandle {
    const log = fs.openSync(path.join(this.dir, `${name}.log`), "a");
    const child = spawn(file, args, {
      cwd: projectRoot(),
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", "pipe", log],
    });
    fs.closeSync(log);
    this.children.push(child);
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | string>((resolve) =>
      child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
    );
    return { child, exited, output: () => output };
  }

  /** Stops everything this drill started and removes its folder (kept with DRILL_KEEP=1, to read the logs). */
  async close(): Promise<void> {
    this.closing = true;
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    for (const node of this.nodes) node.stop();
    if (process.env.DRILL_KEEP === "1") console.log(`  (drill folder kept: ${this.dir})`);
    else fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Haproxy {
  process: ProcessHandle;
  /** `backend/server` → status (UP, DOWN, MAINT…), from the stats socket. */
  serverStates(): Promise<Map<string, string>>;
  waitForUp(backend: string, servers: string[]): Promise<void>;
}

async function haproxyServerStates(socketPath: string): Promise<Map<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.write("show stat\n"));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  const states = new Map<string, string>();
  for (const line of csv.split("\n")) {
    const [backend, server, ...fields] = line.split(",");
    if (!backend || backend.startsWith("#") || server === "FRONTEND" || server === "BACKEND") continue;
    // Column 18 of `show stat` is the status.
    states.set(`${backend}/${server}`, fields[15]?.split(" ")[0] ?? "");
  }
  return states;
}

/** One statement through psql as the clusters' owner; its unaligned output. */
export async function psql(node: PgNode, statement: string, database = "postgres"): Promise<string> {
  return pgCommand("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(node.port),
    "-d",
    database,
    "-AtXq",
    "-c",
    statement,
  ]);
}

/**
 * HAProxy's `tcp-check` that passes only on the PostgreSQL node that takes writes: a startup message (user and
 * database `postgres`, trust authentication on loopback), `select pg_is_in_recovery()`, and the data row `f`.
 */
export function primaryOnlyTcpCheck(): string {
  const cstrings = ["user", "postgres", "database", "postgres", ""].map((text) => `${text}\0`).join("");
  const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), Buffer.from(cstrings, "latin1")]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length + 4);
  const startup = Buffer.concat([length, body]).toString("hex");
  const text = Buffer.from("select pg_is_in_recovery()\0", "latin1");
  const queryLength = Buffer.alloc(4);
  queryLength.writeUInt32BE(text.length + 4);
  const query = Buffer.concat([Buffer.from("Q"), queryLength, text]).toString("hex");
  return [
    "  option tcp-check",
    "  tcp-check connect",
    `  tcp-check send-binary ${startup}`,
    // AuthenticationOk: 'R', length 8, code 0.
    "  tcp-check expect binary 520000000800000000",
    `  tcp-check send-binary ${query}`,
    // DataRow: 'D', length 11, one column of one byte, 'f' (not in recovery: the primary).
    "  tcp-check expect binary 440000000b00010000000166",
    // Terminate.
    "  tcp-check send-binary 5800000004",
  ].join("\n");
}

/** A gateway instance: `npm run gateway` (scripts/run.mjs scripts/gateway.ts) on its own port. */
export interface Instance {
  name: string;
  port: number;
  process: ProcessHandle;
  /** SIGTERM and wait for the exit; resolves with the exit status and how long the drain took. */
  terminate(): Promise<{ status: number | string; ms: number }>;
  kill(): Promise<void>;
}

export async function startInstance(
  world: DrillWorld,
  options: { name: string; port?: number; env: Record<string, string> },
): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const handle = world.spawn(options.name, process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    ...options.env,
  });
  let stopped = false;
  void handle.exited.then((status) => {
    if (!stopped && !world.closing)
      console.log(`  ${options.name} exited on its own (${status}): see its log`);
  });
  await waitFor(`${options.name} to be ready`, async () => {
    const response = await fetch(`http://127.0.0.1:${port}/gateway/health/ready`);
    return response.status === 200;
  });
  return {
    name: options.name,
    port,
    process: handle,
    async terminate() {
      stopped = true;
      const began = performance.now();
      handle.child.kill("SIGTERM");
      const status = await handle.exited;
      return { status, ms: Math.round(performance.now() - began) };
    },
    async kill() {
      stopped = true;
      handle.child.kill("SIGKILL");
      await handle.exited;
    },
  };
}
