import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";

export { freePort };

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface GatewayProcess {
  /** `http://127.0.0.1:<port>`: the origin, where clients that drop base paths call the API. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * `npm run gateway` (scripts/gateway.ts) as a child process on an empty data directory of its own, so its demo
 * shops exist; started when it says where it listens.
 */
export async function startGatewayProcess(): Promise<GatewayProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-gateway-process-"));
  const port = await freePort();
  // What `npm run gateway` runs (scripts/run.mjs), in this process's node so the pid is the server's own.
  const child: ChildProcess = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Log lines as JSON, whatever the development default, for the tests that read them.
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 80_000);
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}
