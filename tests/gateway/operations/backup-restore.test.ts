import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { usePostgres } from "../harness";
import { cardRequest, post, runCommand, seedShop, startServerProcess } from "../ops-process";

// Servers and commands started one after another, with a load running through the backup.
vi.setConfig({ testTimeout: 480_000 });

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tessera-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One line, no stack frames. */
function oneLine(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0];
}

it.skipIf(usePostgres)(
  "drill: a backup taken under load restores into a new data directory where every card stored before it charges; a wrong master key is refused in one line",
  async () => {
    const dataDir = tempDir("backup-source");
    const restoredDir = path.join(tempDir("backup-restored"), "data");
    const file = path.join(tempDir("backup-file"), "tessera.tar.gz");
    const masterKey = randomBytes(32).toString("hex");
    const authorization = await seedShop({ databaseUrl: null, dataDir }, masterKey);
    const start = async (env: Record<string, string>) => {
      const server = await startServerProcess(env);
      cleanups.push(() => server.stop());
      return server;
    };
    const source = await start({ DATA_DIR: dataDir, MASTER_KEY: masterKey, LOG_LEVEL: "info" });

    const tokens: { token: string; at: number }[] = [];
    let stopLoad = false;
    const clients = Array.from({ length: 4 }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; !stopLoad; n++) {
        const answer = await post(
          agent,
          `${source.origin}/transactions/tokenizations`,
          authorization,
          cardRequest(`backup-${client}-${n}`),
        );
        expect(answer.status, answer.body).toBe(200);
        tokens.push({ token: JSON.parse(answer.body).transaction.credit_card.token, at: answer.endedAt });
      }
      agent.destroy();
    });
    // At least 3 s of load and a few stored cards (a busy machine answers the first requests slowly).
    for (
      const began = Date.now();
      Date.now() - began < 3_000 || (tokens.length < 8 && Date.now() - began < 90_000);
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const backupStarted = Date.now();
    const backup = await runCommand("scripts/backup.ts", ["--out", file], { DATA_DIR: dataDir });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stopLoad = true;
    await Promise.all(clients);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("from the running server");
    expect(source.output()).toContain("embedded database backed up");
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    source.child.kill("SIGTERM");
    expect(await source.exited).toBe(0);

    const restored = await runCommand("scripts/restore.ts", [file, "--data-dir", restoredDir], {});
    expect(restored.code, restored.stderr).toBe(0);
    // Never over an existing database.
    const again = await runCommand("scripts/restore.ts", [file, "--data-dir", restoredDir], {});
    expect(again.code).toBe(1);
    expect(oneLine(again.stderr)).toContain("already holds an embedded database");

    const before = tokens.filter((entry) => entry.at < backupStarted);
    expect(before.length).toBeGreaterThan(0);
    const copy = await start({ DATA_DIR: restoredDir, MASTER_KEY: masterKey });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const answers = await Promise.all(
      before.map(({ token }) =>
        post(agent, `${copy.origin}/transactions/payments`, authorization, {
          request: {
            // One amount clear of the sandbox acquirer's amount-driven declines and errors (…05, …51, …91, …96).
            amount: 1999,
            currency: "USD",
            description: "After the restore",
            duplicate_check: false,
            credit_card: { token, verification_value: "123" },
          },
        }),
      ),
    );
    agent.destroy();
    expect(
      answers
        .filter(
          (answer) => answer.status !== 200 || JSON.parse(answer.body).transaction.status !== "successful",
        )
        .map((answer) => `${answer.status} ${answer.body}`),
    ).toEqual([]);
    copy.child.kill("SIGTERM");
    expect(await copy.exited).toBe(0);

    // Another master key: the restored copy refuses to start, in one line.
    const wrong = await runCommand("scripts/gateway.ts", [], {
      DATA_DIR: restoredDir,
      MASTER_KEY: randomBytes(32).toString("hex"),
      PORT: "0",
      HOST: "127.0.0.1",
    });
    expect(wrong.code).toBe(1);
    expect(oneLine(wrong.stderr)).toMatch(/^MASTER_KEY does not open this database's card vault/);
  },
);

it.skipIf(usePostgres)(
  "backs up a stopped embedded database, and refuses a file that is not a backup",
  async () => {
    const dataDir = tempDir("backup-stopped");
    await seedShop({ databaseUrl: null, dataDir }, randomBytes(32).toString("hex"));
    const file = path.join(tempDir("backup-stopped-file"), "copy.tar.gz");
    const backup = await runCommand("scripts/backup.ts", ["--out", file], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("no server was running");
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    const junk = path.join(tempDir("backup-junk"), "junk.tar.gz");
    fs.writeFileSync(junk, "not a backup");
    const target = path.join(tempDir("backup-junk-target"), "data");
    const refused = await runCommand("scripts/restore.ts", [junk, "--data-dir", target], {});
    expect(refused.code).toBe(1);
    expect(oneLine(refused.stderr)).toMatch(/^The file is not a backup of Tessera's embedded database/);
    expect(fs.existsSync(path.join(target, "pglite", "PG_VERSION"))).toBe(false);
  },
);

it.runIf(usePostgres)("with DATABASE_URL, npm run backup explains pg_dump instead", async () => {
  const result = await runCommand("scripts/backup.ts", ["--out", "copy.dump"], {
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('pg_dump --format=custom --file=copy.dump "$DATABASE_URL"');
  expect(result.stderr).toContain("pg_restore");
  expect(result.stderr).not.toMatch(/^\s+at /m);
});
