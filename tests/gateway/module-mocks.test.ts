import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MODULE_MOCKING_TEST_FILES } from "../../vitest.config";

const ROOT = path.resolve(import.meta.dirname, "../..");

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(relative);
    return entry.name.endsWith(".test.ts") ? [relative] : [];
  });
}

/** A replacement of a module, which only takes where the module is imported afresh. */
const MOCKS_A_MODULE = /\bvi\.(do)?mock\(/i;

describe("gateway test files that mock a module (vitest.config.ts)", () => {
  it("run isolated, every one of them, and only they", () => {
    const mocking = testFiles("tests/gateway").filter((file) =>
      MOCKS_A_MODULE.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_TEST_FILES].sort());
  });
});
