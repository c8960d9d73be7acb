/**
 * The image's server: `dist/server.mjs`, with Next.js given its configuration as it was built
 * (`.next/required-server-files.json`) instead of loading `next.config.ts`, which takes Next's build tools (webpack,
 * a TypeScript transpiler) that the image leaves out (ops/docker/runtime-files.mjs) — as Next's own `standalone`
 * server does.
 */
import fs from "node:fs";

const built = JSON.parse(
  fs.readFileSync(new URL("../../.next/required-server-files.json", import.meta.url), "utf8"),
);
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(built.config);
await import("../../dist/server.mjs");
