import pg from "pg";
import { describe, expect, it } from "vitest";
import { startTestGateway, usePostgres } from "./harness";

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  try {
    const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    return rows.length === 1;
  } finally {
    await admin.end();
  }
}

describe("the test harness cleans up after itself", () => {
  it.runIf(usePostgres)(
    "drops a gateway's own database even when the test closed that database first",
    async () => {
      const gateway = await startTestGateway();
      const url = gateway.databaseUrl!;
      expect(await databaseExists(url)).toBe(true);
      // As the health test's last does: the runtime's own close then fails on the pool already ended.
      await gateway.runtime.database.close();
      await gateway.close().catch(() => {});
      expect(await databaseExists(url)).toBe(false);
    },
  );
});
