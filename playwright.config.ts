import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** A port free right now, from the system (port 0), so a run never lands on a port another service holds. */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// This file is read by the runner and by each worker; workers inherit the runner's environment (TEST_WORKER_INDEX
// is theirs alone), so the port and the data directory are the runner's.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
// A port per run, so runs started side by side do not collide (an E2E_PORT in the environment is kept).
process.env.E2E_PORT ??= freePort();
const PORT = Number(process.env.E2E_PORT);
// A fresh embedded database per run, outside the checkout.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `tessera-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_SERVER_LOG ??= path.join(dataDir, "server.log");
const serverLog = process.env.E2E_SERVER_LOG;
if (isRunner) {
  // Playwright ends the server by killing its process group, so the server cannot clean up after itself: the runner
  // removes the data when it exits, after the server is gone, and any left by runs that were killed themselves.
  process.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^tessera-e2e-(\d+)$/.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

/**
 * End-to-end tests in Debian's Chromium against the production build on one port, with a fresh embedded
 * database per run (so the demo shops are created and printed as on a first start).
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // What a test may take, from what they measure: the slowest ordinary spec (an admin flow of a sign-in and several
  // page loads) takes about 13 s on a quiet 2-core machine and over 30 s when the machine is busy (load 10–17); 90 s
  // keeps a newcomer's green run from depending on a quiet machine. Specs that take longer by design set their own.
  timeout: 90_000,
  // Each step's wait (toBeVisible, toHaveText …) likewise: 5 s by default, slower than that under load.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The server's log (stdout) goes to a file the specs scan for card data, removed with the data; stderr (a
    // failed build, say) still reaches the console.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node scripts/start.mjs > ${serverLog}`,
    url: `http://localhost:${PORT}/gateway/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    // The server closes its database on SIGTERM; the data directory is removed when the runner exits.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    // The specs' merchants (return URLs, webhook receivers) are local servers: private addresses must be allowed.
    env: {
      // A payment service reports no usage to anyone by default.
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Everything the server logs, so the card-data scan sees every line a deployment would write.
      LOG_LEVEL: "info",
      // As a log collector reads them (development's default is one readable line each).
      LOG_FORMAT: "json",
      PUBLIC_URL: `http://localhost:${PORT}`,
      ALLOW_PRIVATE_URLS: "true",
      // The specs pay through the demo shop at `/` and sign in with its published keys.
      DEMO_SHOPS: "true",
      // Every spec's shopper is this machine: the per-address limit on payment attempts would stop the run.
      CHECKOUT_ATTEMPTS_PER_ADDRESS: "0",
      LINK_OPENS_PER_ADDRESS: "0",
      // The run's tables stay small and the process short-lived: the embedded store's maintenance (tested on its own,
      // tests/gateway/operations/embedded-maintenance.test.ts) would only hold the store between the specs' requests.
      EMBEDDED_DATABASE_MAINTENANCE: "false",
      // Playwright's request client keeps idle connections and does not read the server's Keep-Alive hint: a request
      // sent just as the server closes an idle connection (5 s by default) fails with ECONNRESET. Longer than any
      // test, so a connection a test keeps is never closed under it.
      KEEP_ALIVE_TIMEOUT_SECONDS: "120",
    },
  },
});
