import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Contracts are the only thing the gateway and the hosted checkout share: the gateway never reaches into
 * lib/checkout, the checkout never into the gateway or its client. Read from the source files themselves, so a
 * new import across the line fails here rather than in review.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

const FORBIDDEN: { from: string; mayNotImport: string[] }[] = [
  { from: "lib/gateway", mayNotImport: ["lib/checkout"] },
  { from: "lib/checkout", mayNotImport: ["lib/gateway-client", "lib/gateway"] },
  { from: "lib/contracts", mayNotImport: ["lib/checkout", "lib/gateway-client", "lib/gateway"] },
];

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bexport\s+\*\s+from\s*)["']([^"']+)["']/gm;

/** Every module path a source file imports or re-exports, as a path from the repository root ("lib/checkout/x"). */
function importedPaths(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    if (specifier.startsWith("@/")) found.push(path.posix.normalize(specifier.slice(2)));
    else if (specifier.startsWith(".")) {
      found.push(
        path
          .relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
          .split(path.sep)
          .join("/"),
      );
    }
  }
  return found;
}

function isUnder(modulePath: string, folder: string): boolean {
  return modulePath === folder || modulePath.startsWith(`${folder}/`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

function crossings(file: string, source: string): string[] {
  const rules = FORBIDDEN.filter((rule) => isUnder(file, rule.from));
  return importedPaths(file, source).filter((imported) =>
    rules.some(
      (rule) =>
        !isUnder(imported, rule.from) && rule.mayNotImport.some((folder) => isUnder(imported, folder)),
    ),
  );
}

describe("module boundaries", () => {
  it.each(FORBIDDEN)("$from imports none of $mayNotImport", ({ from }) => {
    const files = sourceFiles(from);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) =>
      crossings(file, readFileSync(path.join(ROOT, file), "utf8")).map((imported) => `${file} → ${imported}`),
    );
    expect(found).toEqual([]);
  });

  it("sees an import across the line however it is written", () => {
    const file = "lib/gateway/payments/pages/render-receipt.ts";
    expect(crossings(file, 'import { formatAmount } from "@/lib/checkout/format";')).toEqual([
      "lib/checkout/format",
    ]);
    expect(crossings(file, 'import type { X } from "../../../checkout/messages";')).toEqual([
      "lib/checkout/messages",
    ]);
    expect(crossings(file, 'const m = await import("@/lib/checkout/contrast");')).toEqual([
      "lib/checkout/contrast",
    ]);
    expect(
      crossings("lib/checkout/merchant-return.ts", 'export * from "@/lib/gateway-client/checkout";'),
    ).toEqual(["lib/gateway-client/checkout"]);
    // The gateway's own folders and the shared contracts are fine; lib/gateway-client is not lib/gateway.
    expect(
      crossings(file, 'import { x } from "@/lib/contracts/format-amount";\nimport { y } from "../receipt";'),
    ).toEqual([]);
    expect(crossings("lib/gateway-client/checkout.ts", 'import { z } from "@/lib/checkout/x";')).toEqual([]);
  });
});
