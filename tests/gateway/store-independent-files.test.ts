import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STORE_INDEPENDENT_TEST_FILES } from "../../vitest.config";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** What a test file uses when it runs on the store TEST_DATABASE names (tests/gateway/harness.ts). */
const STORE_DEPENDENT =
  /\b(startTestGateway|instancesOnOneDatabase|createTestDatabase|usePostgres|TEST_DATABASE)\b/;

describe("the files the PostgreSQL run leaves out (vitest.config.ts)", () => {
  it.each(STORE_INDEPENDENT_TEST_FILES)("%s exists and never uses the store under test", (file) => {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    expect(text.match(STORE_DEPENDENT)?.[0] ?? null).toBeNull();
  });
});
