import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MASTER_KEY } from "../harness";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** `npm run renewals -- <args>` (what it runs: scripts/run.mjs scripts/renewals.ts) on an embedded database of its own. */
function renewals(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-renewals-command-"));
  const child = spawn(process.execPath, ["scripts/run.mjs", "scripts/renewals.ts", ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      MASTER_KEY,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("npm run renewals", () => {
  it("prints its usage and exits 2 on anything but --once", async () => {
    for (const args of [[], ["--twice"], ["--once", "--extra"]]) {
      const result = await renewals(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("npm run renewals -- --once");
    }
  }, 120_000);

  it("charges what is due and exits 0", async () => {
    const result = await renewals(["--once"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("Charged 0 due subscriptions.\n");
    expect(result.code).toBe(0);
  }, 120_000);
});
