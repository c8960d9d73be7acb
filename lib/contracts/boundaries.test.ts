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
    const file = "lib/gateway/receipts/render-receipt.ts";
    expect(crossings(file, 'import { formatAmount } from "@/lib/checkout/format";')).toEqual([
      "lib/checkout/format",
    ]);
    expect(crossings(file, 'import type { X } from "../../checkout/messages";')).toEqual([
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

/**
 * The modules of `lib` (files) that import one another in a circle, each circle once: found with Tarjan's
 * strongly connected components over the import graph.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module) as number, low.get(imported) as number));
      } else if (onStack.has(imported)) {
        low.set(module, Math.min(low.get(module) as number, index.get(imported) as number));
      }
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

/** The import graph of `folders`: each module (a file, without its extension) and the modules of those it imports. */
function importGraph(folders: string[]): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFiles(folder));
  const modules = new Set(files.map((file) => file.replace(/\.tsx?$/, "")));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imported = importedPaths(file, readFileSync(path.join(ROOT, file), "utf8"))
      .map((target) => (modules.has(target) ? target : `${target}/index`))
      .filter((target) => modules.has(target));
    graph.set(file.replace(/\.tsx?$/, ""), imported);
  }
  return graph;
}

describe("import cycles", () => {
  it("no module of lib imports itself through others (a cycle hides which one is the lower layer)", () => {
    const graph = importGraph(["lib"]);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it("finds a cycle however long", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e2"]],
      ["e2", ["e"]],
    ]);
    expect(importCycles(graph)).toEqual([
      ["a", "b", "c"],
      ["e", "e2"],
    ]);
  });
});

/**
 * The folder an import graph's module belongs to: a folder of lib/gateway (its files at the top, errors.ts,
 * clock.ts, the claim loop, are `lib/gateway`), another folder of lib, or the app and its components as wholes.
 */
function folderOf(module: string): string | null {
  const parts = module.split("/");
  if (parts[0] === "app" || parts[0] === "components") return parts[0];
  if (parts[0] !== "lib" || parts.length < 3) return null;
  if (parts[1] === "gateway") return parts.length > 3 ? `lib/gateway/${parts[2]}` : "lib/gateway";
  return `lib/${parts[1]}`;
}

/** Which folder imports which (`a → b`, each once): the import graph's modules taken by folder. */
function folderEdges(graph: ReadonlyMap<string, readonly string[]>): Set<string> {
  const edges = new Set<string>();
  for (const [module, imported] of graph) {
    const from = folderOf(module);
    for (const target of imported) {
      const to = folderOf(target);
      if (from && to && from !== to) edges.add(`${from} → ${to}`);
    }
  }
  return edges;
}

/** The pairs of folders that import each other (each pair once, in name order): `a ↔ b`. */
function foldersImportingEachOther(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const edges = folderEdges(graph);
  const pairs = new Set<string>();
  for (const edge of edges) {
    const [from, to] = edge.split(" → ");
    if (edges.has(`${to} → ${from}`)) pairs.add(from < to ? `${from} ↔ ${to}` : `${to} ↔ ${from}`);
  }
  return [...pairs].sort();
}

const PROJECT_FOLDERS = ["lib", "app", "components"];

/**
 * The pairs of folders that import each other today: none. A layer below must not know the one above, so this list
 * only shrinks: a new pair fails the test, and a pair that no longer imports each other must be taken off it.
 * `GatewayDeps` is lib/gateway/context/, a folder above the services it names the types of (the writers, the shop
 * directory, the metrics); the folders that define those say which deps each function uses rather than import it
 * back. The runtime, which imports every folder, is a folder of its own that none imports; the server actions the
 * components' forms call are beside them in components/, not under app/.
 */
const KNOWN_FOLDER_PAIRS: string[] = [];

describe("folders", () => {
  const pairs = foldersImportingEachOther(importGraph(PROJECT_FOLDERS));

  it("no two folders of lib, app and components import each other, but the known pairs", () => {
    expect(pairs.filter((pair) => !KNOWN_FOLDER_PAIRS.includes(pair))).toEqual([]);
  });

  it("the known pairs only shrink: one that no longer imports each other leaves the list", () => {
    expect(KNOWN_FOLDER_PAIRS.filter((pair) => !pairs.includes(pair))).toEqual([]);
  });

  it("reads lib/admin, app and components too", () => {
    const graph = importGraph(PROJECT_FOLDERS);
    for (const folder of ["lib/admin", "app", "components"]) {
      expect(
        [...graph.keys()].some((module) => folderOf(module) === folder),
        folder,
      ).toBe(true);
    }
  });

  it("pairs folders, not files: the gateway's own files are one folder, app and components each one", () => {
    const graph = new Map([
      ["lib/gateway/clock", ["lib/gateway/payments/create-payment"]],
      ["lib/gateway/payments/create-payment", ["lib/gateway/clock", "lib/gateway/vault/seal"]],
      ["lib/gateway/vault/seal", ["lib/contracts/x"]],
      ["app/checkout/page", ["components/checkout/form"]],
      ["components/checkout/form", ["app/checkout/actions"]],
      ["lib/admin/a", ["lib/admin/b"]],
      ["lib/admin/b", ["lib/admin/a"]],
    ]);
    expect(foldersImportingEachOther(graph)).toEqual([
      "app ↔ components",
      "lib/gateway ↔ lib/gateway/payments",
    ]);
  });
});

/**
 * The folders' layers, from the bottom. A folder may import the folders of its own layer and of those below, never
 * one above: a lower layer does not know what is built on it. Read from the imports as they are, so a folder that
 * reaches up fails here, and a new folder fails until it is given its layer.
 */
const LAYERS: { layer: string; folders: string[] }[] = [
  {
    layer: "foundations, shared by the gateway and the Next side",
    folders: ["lib/cards", "lib/contracts", "lib/server", "lib/db", "lib/demo"],
  },
  {
    layer:
      "the gateway's kernel: its top files (errors, clock, claim loop, rate limiter) and the leaves beside them",
    folders: [
      "lib/gateway",
      "lib/gateway/acquirer",
      "lib/gateway/observability",
      "lib/gateway/vault",
      "lib/gateway/net",
      "lib/gateway/pages",
      "lib/gateway/billing",
    ],
  },
  {
    layer: "shops and cards (the card limits among them)",
    folders: ["lib/gateway/shops", "lib/gateway/cards"],
  },
  {
    layer: "the core every transaction goes through, and the webhooks of its ends",
    folders: ["lib/gateway/transactions", "lib/gateway/notifications"],
  },
  { layer: "GatewayDeps, which holds the services of the layers below", folders: ["lib/gateway/context"] },
  {
    layer: "a card's screening before money moves",
    folders: ["lib/gateway/smart-routing", "lib/gateway/three-d-secure", "lib/gateway/screening"],
  },
  {
    layer: "services over GatewayDeps beside the money operations, which use most of them",
    folders: [
      "lib/gateway/idempotency",
      "lib/gateway/card-tokens",
      "lib/gateway/customers",
      "lib/gateway/receipts",
      "lib/gateway/emails",
      "lib/gateway/reports",
    ],
  },
  { layer: "the money operations", folders: ["lib/gateway/tokenization", "lib/gateway/payments"] },
  {
    layer: "what is built on them",
    folders: [
      "lib/gateway/products",
      "lib/gateway/checkouts",
      "lib/gateway/subscriptions",
      "lib/gateway/plan-links",
      "lib/gateway/disputes",
    ],
  },
  { layer: "the gateway's HTTP API", folders: ["lib/gateway/http"] },
  { layer: "the gateway's runtime, which starts it all", folders: ["lib/gateway/runtime"] },
  {
    layer: "the Next side's access to the gateway, the checkout's rules",
    folders: ["lib/gateway-client", "lib/checkout"],
  },
  { layer: "the admin area's helpers", folders: ["lib/admin"] },
  { layer: "components", folders: ["components"] },
  { layer: "the Next.js app", folders: ["app"] },
];

/** The folders of the graph that no layer holds. */
function foldersWithoutLayer(
  graph: ReadonlyMap<string, readonly string[]>,
  layers: readonly { folders: readonly string[] }[],
): string[] {
  const placed = new Set(layers.flatMap((layer) => layer.folders));
  const folders = new Set([...graph.keys()].map(folderOf).filter((folder) => folder !== null));
  return [...folders].filter((folder) => !placed.has(folder)).sort();
}

/** The imports of a folder from a folder of a higher layer (`a → b`, in name order). */
function upwardImports(
  graph: ReadonlyMap<string, readonly string[]>,
  layers: readonly { folders: readonly string[] }[],
): string[] {
  const level = new Map(
    layers.flatMap((layer, index) => layer.folders.map((folder) => [folder, index] as const)),
  );
  return [...folderEdges(graph)]
    .filter((edge) => {
      const [from, to] = edge.split(" → ");
      return (level.get(from) ?? Number.POSITIVE_INFINITY) < (level.get(to) ?? Number.NEGATIVE_INFINITY);
    })
    .sort();
}

/** The imports up a layer today: none. Like KNOWN_FOLDER_PAIRS, the list only shrinks. */
const KNOWN_UPWARD_IMPORTS: string[] = [];

describe("layers", () => {
  const graph = importGraph(PROJECT_FOLDERS);
  const upward = upwardImports(graph, LAYERS);

  it("every folder of lib, app and components has its layer, and only one", () => {
    expect(foldersWithoutLayer(graph, LAYERS)).toEqual([]);
    const folders = LAYERS.flatMap((layer) => layer.folders);
    expect(folders.filter((folder, index) => folders.indexOf(folder) !== index)).toEqual([]);
  });

  it("no folder imports a folder of a higher layer, but the known imports", () => {
    expect(upward.filter((edge) => !KNOWN_UPWARD_IMPORTS.includes(edge))).toEqual([]);
  });

  it("the known upward imports only shrink: one that is gone leaves the list", () => {
    expect(KNOWN_UPWARD_IMPORTS.filter((edge) => !upward.includes(edge))).toEqual([]);
  });

  it("sees an import up a layer, and one of a folder no layer holds", () => {
    const layers = [
      { folders: ["lib/contracts"] },
      { folders: ["lib/gateway", "lib/gateway/vault"] },
      { folders: ["lib/gateway/payments"] },
    ];
    const graph = new Map([
      ["lib/gateway/payments/create-payment", ["lib/gateway/vault/seal", "lib/contracts/money"]],
      // Its own layer and those below are fine, whichever way.
      ["lib/gateway/vault/seal", ["lib/gateway/errors", "lib/contracts/money"]],
      ["lib/gateway/errors", ["lib/gateway/vault/keyring"]],
      // Up a layer: a contract that knows the gateway, a gateway file that knows a payment.
      ["lib/contracts/money", ["lib/gateway/errors"]],
      ["lib/gateway/clock", ["lib/gateway/payments/create-payment"]],
      ["lib/gateway/refunds/refund", ["lib/gateway/payments/create-payment"]],
    ]);
    expect(upwardImports(graph, layers)).toEqual([
      "lib/contracts → lib/gateway",
      "lib/gateway → lib/gateway/payments",
    ]);
    expect(foldersWithoutLayer(graph, layers)).toEqual(["lib/gateway/refunds"]);
  });
});
