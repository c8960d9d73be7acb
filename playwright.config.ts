import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// A port per run, so runs started side by side do not collide; set in the environment so that Playwright's
// worker processes, which inherit it, agree with the runner on the URL.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
const PORT = Number(process.env.E2E_PORT);
// A fresh embedded database per run, outside the checkout.
const dataDir = path.join(os.tmpdir(), `tessera-e2e-${process.pid}`);
process.env.E2E_SERVER_LOG ??= path.join(dataDir, "server.log");
const serverLog = process.env.E2E_SERVER_LOG;

/**
 * End-to-end tests in Debian's Chromium against the production build on one port, with a fresh embedded
 * database per run (so the demo shops are created and printed as on a first start).
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
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
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && npx tsx scripts/start.ts > ${serverLog}; rm -rf ${dataDir}`,
    url: `http://localhost:${PORT}/gateway/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // The specs' merchants (return URLs, webhook receivers) are local servers: private addresses must be allowed.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Everything the server logs, so the card-data scan sees every line a deployment would write.
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://localhost:${PORT}`,
      ALLOW_PRIVATE_URLS: "true",
      // The specs pay through the demo shop at `/` and sign in with its published keys.
      DEMO_SHOPS: "true",
      // Every spec's shopper is this machine: the per-address limit on payment attempts would stop the run.
      CHECKOUT_ATTEMPTS_PER_ADDRESS: "0",
    },
  },
});
