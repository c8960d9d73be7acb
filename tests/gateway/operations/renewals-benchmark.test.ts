import { execFile } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { usePostgres } from "../harness";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * `npm run bench:renewals` inserts its subscriptions itself (every renewal due at once), so a column the schema
 * makes required breaks it without any other test noticing (one did: `cancel_token`). A short run on the embedded
 * database, as the command runs by default: it throws unless the scheduler charged every subscription it set up.
 */
it.skipIf(usePostgres)(
  "bench:renewals runs: a short run charges every subscription it set up",
  async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "bench/renewals.ts", "--count", "20", "--rounds", "1"],
          { cwd: ROOT, timeout: 110_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
        ),
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^round 1: scheduler \d+\.\d\/s, baseline \d+\.\d\/s$/m);
  },
  120_000,
);
