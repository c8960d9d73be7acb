import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../free-port";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

/**
 * What an operator meets on a first deploy: a master key that does not open the vault, `npm run shop` while the
 * server owns the embedded database, a bad setting, a port in use. Each is one line on stderr that says what is wrong
 * and what to do, and a non-zero exit status; never a stack trace.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const KEY_A = randomBytes(32).toString("hex");
const KEY_B = randomBytes(32).toString("hex");

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

let dataDir: string;

function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
}

/** A package.json script, as the operator runs it. */
function npmRun(env: Record<string, string>, ...args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", ...args],
      { cwd: ROOT, env: baseEnv(env), timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** `script` through scripts/run.mjs in this process's node, as the package.json scripts run it. */
function runScript(script: string, env: Record<string, string>): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/run.mjs", script],
      { cwd: ROOT, env: baseEnv(env), timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** One line, no stack frames, no Node source excerpt. */
function expectOneLine(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain("node:internal");
  return lines[0];
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-operator-errors-"));
  // A vault created under KEY_A.
  const created = await npmRun({ MASTER_KEY: KEY_A }, "shop", "--", "create", "--name", "Operator");
  expect(created.code, created.stderr).toBe(0);
}, 60_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("npm run shop -- list heads its columns", async () => {
  const result = await npmRun({ MASTER_KEY: KEY_A }, "shop", "--", "list");
  expect(result.code, result.stderr).toBe(0);
  const [header, shop, ...rest] = result.stdout.trimEnd().split("\n");
  expect(header).toMatch(/^id\s+mode\s+created\s+name$/);
  expect(shop).toMatch(/^1\s+test\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+Operator$/);
  // Each value starts under its heading.
  for (const heading of ["mode", "created", "name"]) {
    expect(shop[header.indexOf(heading) - 1], heading).toBe(" ");
    expect(shop[header.indexOf(heading)], heading).not.toBe(" ");
  }
  expect(rest).toEqual([]);
});

describe("a MASTER_KEY that does not open the vault", () => {
  it("stops the server (npm start's server.ts) with one line saying what to set", async () => {
    const result = await runScript("server.ts", { MASTER_KEY: KEY_B, PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(expectOneLine(result.stderr)).toMatch(
      /^MASTER_KEY does not open this database's card vault: set MASTER_KEY/,
    );
    expect(result.stdout).not.toContain("Tessera is running");
  });

  it("stops npm run shop the same way", async () => {
    const result = await npmRun({ MASTER_KEY: KEY_B }, "shop", "--", "list");
    expect(result.code).toBe(1);
    expect(expectOneLine(result.stderr)).toMatch(/^MASTER_KEY does not open this database's card vault/);
  });
});

it("a malformed MASTER_KEY is one line too", async () => {
  const result = await npmRun({ MASTER_KEY: "not-a-key" }, "shop", "--", "list");
  expect(result.code).toBe(1);
  expect(expectOneLine(result.stderr)).toBe(
    "MASTER_KEY must be 32 bytes, given as 64 hex characters or base64",
  );
});

it("a bad setting names the variable, without a trace", async () => {
  const result = await npmRun({ MASTER_KEY: KEY_A, PORT: "eighty" }, "shop", "--", "list");
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("PORT must be a number");
  expect(result.stderr).not.toMatch(/^\s+at /m);
});

describe("while the gateway owns the embedded database", () => {
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
      cwd: ROOT,
      env: baseEnv({ MASTER_KEY: KEY_A, PORT: String(port), HOST: "127.0.0.1" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 50_000);
      server.stdout?.on("data", (chunk) => {
        output += chunk;
        if (output.includes("listening on")) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      server.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${output}`));
      });
    });
  }, 60_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  });

  it("npm run shop -- list says which process holds it and what to do", async () => {
    const result = await npmRun({ MASTER_KEY: KEY_A }, "shop", "--", "list");
    expect(result.code).toBe(1);
    expect(expectOneLine(result.stderr)).toBe(
      `The embedded database in ${dataDir} is in use by process ${server.pid} (a running server or command): stop that process first, or use PostgreSQL (DATABASE_URL), which several processes can share.`,
    );
  });

  it("a second gateway on the same port says the port is in use", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-operator-errors-port-"));
    try {
      const result = await runScript("scripts/gateway.ts", {
        MASTER_KEY: KEY_A,
        DATA_DIR: other,
        PORT: String(port),
        HOST: "127.0.0.1",
      });
      expect(result.code).toBe(1);
      expect(expectOneLine(result.stderr)).toBe(
        `Port ${port} is in use by another process: stop that process, or set PORT to a free port.`,
      );
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
