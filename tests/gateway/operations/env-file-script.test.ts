import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MASTER_KEY } from "../harness";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

/**
 * A `.env` file in the working directory, as an operator makes it by copying `.env.example`, configures the CLI
 * (`npm run shop`), the way it does `npm start` and `npm run gateway`: all three read the configuration through
 * `getConfig`. The environment wins over the file.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

let dir: string;

/** `scripts/shop.ts` run from `dir` (where the `.env` is), with only `env` in its environment. */
function shop(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "scripts/run.mjs"), path.join(ROOT, "scripts/shop.ts"), ...args],
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? os.tmpdir(),
          NODE_ENV: "development",
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

describe("a .env file", () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-env-file-script-"));
    // Empty values as in .env.example: left unset.
    fs.writeFileSync(
      path.join(dir, ".env"),
      `# copied from .env.example and edited\nDATA_DIR=./from-file\nMASTER_KEY=${MASTER_KEY}\nDATABASE_URL=\nLOG_LEVEL=warn\n`,
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("configures npm run shop: the data directory and master key come from the file", async () => {
    const created = await shop({}, "create", "--name", "From the file");
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(fs.existsSync(path.join(dir, "from-file", "pglite"))).toBe(true);
    // MASTER_KEY came from the file: no development key was generated.
    expect(fs.existsSync(path.join(dir, "from-file", "master.key"))).toBe(false);

    const listed = await shop({}, "list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("From the file");
  });

  it("loses to the environment", async () => {
    const listed = await shop({ DATA_DIR: path.join(dir, "from-env") }, "list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain("From the file");
    expect(listed.stdout).toContain("No shops.");
    expect(fs.existsSync(path.join(dir, "from-env", "pglite"))).toBe(true);
  });
});
