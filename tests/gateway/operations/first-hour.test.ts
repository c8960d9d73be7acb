import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ROOT, runCommand } from "../ops-process";

// Each case starts a command (TypeScript compiled first) or Next's own CLI.
vi.setConfig({ testTimeout: 120_000 });

/** An empty HOME, so that no telemetry choice saved on this machine decides the outcome. */
const home = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-first-hour-"));
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

function run(file: string, args: string[], env: Record<string, string>, cwd = ROOT) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      file,
      args,
      {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: home, NODE_ENV: "development", ...env },
        timeout: 110_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

const scripts: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(ROOT, "package.json"), "utf8"),
).scripts;
/** The package.json scripts that run Next: a build, the server, the end-to-end tests' server, the page benchmarks. */
const runsNext = Object.entries(scripts).filter(([, command]) =>
  /\bnext\b|start\.mjs|server\.ts|playwright|bench\/(page|startup)/.test(command),
);

describe("Next.js telemetry is off by default", () => {
  it("in every script that runs Next", () => {
    expect(runsNext.map(([name]) => name).sort()).toEqual(
      ["bench:page", "bench:startup", "build", "dev", "start", "test:e2e"].sort(),
    );
    for (const [name, command] of runsNext) {
      expect(command, name).toMatch(/^NEXT_TELEMETRY_DISABLED=1 /);
    }
    expect(fs.readFileSync(path.join(ROOT, "playwright.config.ts"), "utf8")).toMatch(
      /NEXT_TELEMETRY_DISABLED: "1"/,
    );
  });

  it("as Next itself reports under the scripts' environment", async () => {
    const prefix = Object.fromEntries(
      Array.from(scripts.build.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)(?=\s)/g), (match) => [match[1], match[2]]),
    );
    // Run outside the project: Next keeps its telemetry state in a `cache` directory under the working directory.
    const next = path.join(ROOT, "node_modules", ".bin", "next");
    const status = await run(next, ["telemetry", "status"], prefix, home);
    expect(status.stdout).toMatch(/Status: Disabled/);
    // Without it, this machine's fresh HOME would have it on: the check can fail.
    const without = await run(next, ["telemetry", "status"], {}, home);
    expect(without.stdout).toMatch(/Status: Enabled/);
  });
});

const COMMANDS: { script: string; name: string; unknownCommand: boolean }[] = [
  { script: "scripts/shop.ts", name: "shop", unknownCommand: true },
  { script: "scripts/keys.ts", name: "keys", unknownCommand: true },
  { script: "scripts/notifications.ts", name: "notifications", unknownCommand: true },
  { script: "scripts/gateway.ts", name: "gateway", unknownCommand: false },
  { script: "scripts/backup.ts", name: "backup", unknownCommand: false },
  { script: "scripts/restore.ts", name: "restore", unknownCommand: false },
];

function expectUsage(result: { code: number; stdout: string; stderr: string }, name: string) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain("Usage:");
  expect(result.stderr).toContain(name === "start" ? "npm start" : `npm run ${name}`);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toContain("ERR_PARSE_ARGS");
  expect(result.stderr).not.toContain("node:internal");
}

describe.each(COMMANDS)("npm run $name", ({ script, name, unknownCommand }) => {
  const env = { DATA_DIR: path.join(home, "never-opened") };

  it("answers an unknown option with its usage and status 2", async () => {
    const args =
      name === "shop" ? ["list", "--silent"] : name === "keys" ? ["status", "--silent"] : ["--silent"];
    const result = await runCommand(script, args, env);
    expectUsage(result, name);
    expect(result.stderr).toContain("--silent");
  });

  it(
    unknownCommand ? "answers an unknown command likewise" : "answers a stray argument likewise",
    async () => {
      const args = name === "restore" ? ["a.tar.gz", "b.tar.gz", "--data-dir", "x"] : ["frobnicate", "now"];
      expectUsage(await runCommand(script, args, env), name);
    },
  );

  it("prints its usage for --help, status 0", async () => {
    const result = await runCommand(script, ["--help"], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`npm run ${name}`);
  });
});

it("npm run shop -- list --silent, as typed, ends with the usage and status 2", async () => {
  const result = await run("npm", ["run", "--silent", "shop", "--", "list", "--silent"], {
    DATA_DIR: path.join(home, "never-opened"),
  });
  expectUsage(result, "shop");
});

it("npm start answers an unknown option with its usage and status 2, before building anything", async () => {
  const result = await run(process.execPath, ["scripts/start.mjs", "--silent"], {
    DATA_DIR: path.join(home, "never-opened"),
  });
  expectUsage(result, "start");
  expect(result.stdout).not.toContain("Building");
  expect(fs.existsSync(path.join(home, "never-opened"))).toBe(false);
});
