import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { usePostgres } from "../harness";
import { cardRequest, post, seedShop, startServerProcess } from "../ops-process";
import { ageTemplate1PastTheRefusal } from "../wraparound";

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

it.skipIf(usePostgres)(
  "drill: an embedded store that refuses every write for template1's age serves payments again after a start, which says what it froze",
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-wraparound-drill-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const masterKey = randomBytes(32).toString("hex");
    const authorization = await seedShop({ databaseUrl: null, dataDir }, masterKey);
    await ageTemplate1PastTheRefusal(path.join(dataDir, "pglite"));

    const server = await startServerProcess({ DATA_DIR: dataDir, MASTER_KEY: masterKey, LOG_LEVEL: "info" });
    cleanups.push(() => server.stop());
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    const answer = await post(
      agent,
      `${server.origin}/transactions/payments`,
      authorization,
      cardRequest("drill-1"),
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).transaction.status).toBe("successful");

    const froze = server
      .output()
      .split("\n")
      .filter((line) => line.includes("embedded database froze a template database"))
      .map((line) => JSON.parse(line) as { database: string; ageBefore: number; age: number });
    expect(froze.map(({ database }) => database)).toEqual(["template1"]);
    expect(froze[0].ageBefore).toBeGreaterThan(2_000_000_000);
    expect(froze[0].age).toBeLessThan(1_000);
    expect(server.output()).not.toMatch(/could not freeze/);
  },
  120_000,
);
