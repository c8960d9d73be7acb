import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import {
  createTestDatabase,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  usePostgres,
} from "./harness";

// Distinctive Luhn-valid numbers (Visa, Mastercard, Amex, the decline card) with their security codes.
const SENTINEL_CARDS = [
  { number: "4929871234567893", code: "739", expectDecline: false },
  { number: "5555341244441115", code: "862", expectDecline: false },
  { number: "371449635398431", code: "4791", expectDecline: false },
  { number: "4005550000000019", code: "517", expectDecline: true },
];
// A stored or logged code would be a JSON string value; bare 3-digit runs occur in timestamps and ids anyway.
const SECURITY_CODE_PATTERN = (code: string) => new RegExp(`["'=:]\\s*${code}\\b`);

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

describe("card data at rest and in logs", () => {
  let embeddedDir: string;
  let database: TestDatabase;
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-sentinel-"));
    database = await createTestDatabase({ embeddedDir });
    gateway = await startTestGateway({ database });
    shop = await gateway.createShop();
    for (const [index, card] of SENTINEL_CARDS.entries()) {
      const body = tokenizationRequest(
        { tracking_id: `sentinel-${index}`, notification_url: "http://127.0.0.1:9/hook" },
        { number: card.number, verification_value: card.code },
      );
      const response = await gateway.call("/transactions/tokenizations", { shop, body });
      expect(response.status).toBe(200);
      const { transaction } = await response.json();
      expect(transaction.status).toBe(card.expectDecline ? "failed" : "successful");
      // The same card again within 30 s: rejected as a duplicate, which must not leak it either.
      expect((await gateway.call("/transactions/tokenizations", { shop, body })).status).toBe(422);
    }
    // Invalid requests carrying card data go through the error path.
    await gateway.call("/transactions/tokenizations", {
      shop,
      body: tokenizationRequest(
        { amount: -1 },
        { number: SENTINEL_CARDS[0].number, verification_value: "739" },
      ),
    });
    await gateway.call("/transactions/tokenizations", {
      body: tokenizationRequest({}, { number: SENTINEL_CARDS[1].number }),
    });
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
    fs.rmSync(embeddedDir, { recursive: true, force: true });
  });

  it("stores no card number or security code in any table", async () => {
    const tables = await queryRows<{ table_name: string }>(
      gateway.runtime.deps.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(["cards", "transactions"]),
    );
    let dump = "";
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(
        gateway.runtime.deps.db,
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      dump += rows.map((row) => row.row).join("\n");
    }
    expect(dump).toContain("sentinel-0"); // the scan does see the stored transactions
    for (const card of SENTINEL_CARDS) {
      expect(dump).not.toContain(card.number);
      expect(dump).not.toMatch(SECURITY_CODE_PATTERN(card.code));
    }
    expect(dump).not.toContain("verification_value");
  });

  it.runIf(!usePostgres)("leaves no card number in the embedded database's files", async () => {
    await gateway.runtime.deps.db.execute(sql`checkpoint`);
    const files = listFiles(embeddedDir);
    expect(files.length).toBeGreaterThan(10);
    let sawStoredRows = false;
    for (const file of files) {
      const content = fs.readFileSync(file).toString("latin1");
      if (content.includes("sentinel-1")) sawStoredRows = true;
      for (const card of SENTINEL_CARDS) expect(content, file).not.toContain(card.number);
    }
    expect(sawStoredRows).toBe(true);
  });

  it.runIf(usePostgres)("leaves no card number in a pg_dump", () => {
    const dump = execFileSync("pg_dump", ["--data-only", database.url!], { encoding: "utf8" });
    expect(dump).toContain("sentinel-0");
    for (const card of SENTINEL_CARDS) {
      expect(dump).not.toContain(card.number);
      expect(dump).not.toMatch(SECURITY_CODE_PATTERN(card.code));
    }
  });

  it("writes no card number or security code to the logs", () => {
    const logs = gateway.logs.join("");
    expect(logs).toContain("/transactions/tokenizations"); // requests were logged at all
    for (const card of SENTINEL_CARDS) {
      expect(logs).not.toContain(card.number);
      expect(logs).not.toMatch(SECURITY_CODE_PATTERN(card.code));
    }
  });
});
