import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../gateway-process";
import { parseExposition, sampleValue } from "../metrics-exposition";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const METRICS_TOKEN = "process-test-metrics-token-0123456789";

/**
 * `npm run gateway` (scripts/gateway.ts) in development, its output a pipe, with metrics on the main port and on a
 * loopback port.
 */
describe("npm run gateway: metrics, health, request ids and development logs", () => {
  let child: ChildProcess;
  let dataDir: string;
  let origin: string;
  let metricsPort: number;
  let output = "";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-observability-"));
    const port = await freePort();
    metricsPort = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        METRICS_TOKEN,
        METRICS_PORT: String(metricsPort),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 100_000);
      child.stdout?.on("data", () => {
        if (!output.includes("listening on")) return;
        clearTimeout(timer);
        resolve();
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${output}`));
      });
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves /metrics at the root with the token (401 without), and on METRICS_PORT without", async () => {
    const ready = await fetch(`${origin}/gateway/health/ready`, { headers: { "x-request-id": "probe-1" } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("x-request-id")).toBe("probe-1");
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    const samples = parseExposition(await scraped.text());
    expect(
      sampleValue(samples, "tessera_http_requests_total", { route: "/gateway/health/ready", status: "200" }),
    ).toBe(1);
    const loopback = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(loopback.status).toBe(200);
    expect(await loopback.text()).toContain("tessera_http_requests_total");
  });

  it("writes JSON log lines into a pipe, development or not, the banner on its own", async () => {
    await fetch(`${origin}/gateway/health/live`, { headers: { "x-request-id": "probe-2" } });
    // Readable lines are for a person at a terminal; this output is a pipe (LOG_FORMAT unset): JSON lines.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines.some((line) => / (INFO|WARN|ERROR):/.test(line))).toBe(false);
    const access = lines.find((line) => line.includes("probe-2"));
    expect(JSON.parse(access ?? "")).toMatchObject({ msg: "request", requestId: "probe-2" });
    // The banner: preceded by an empty line, its lines together.
    expect(output).toMatch(/(^|\n)\nTessera gateway listening on http:\/\/localhost:\d+\/gateway\n/);
  });
});
