import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * `npm start`: compiles the server (scripts/start.ts and everything it imports from this project) into one
 * JavaScript module in `dist/`, then runs it with plain Node. Measured against running the TypeScript through a
 * loader: faster to start, about 60 MB less memory, more requests a second (docs/decisions.md, "Start-up").
 * Bundling takes a fraction of a second, so it is done on every start and can never be stale; packages stay in
 * node_modules (`packages: "external"`).
 */
const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, "dist", "start.mjs");
try {
  await build({
    entryPoints: [path.join(root, "scripts", "start.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
  });
} catch (error) {
  const first = error?.errors?.[0];
  const where = first?.location ? ` (${first.location.file}:${first.location.line})` : "";
  console.error(`Tessera could not compile its server: ${first?.text ?? error}${where}`);
  process.exit(1);
}
await import(pathToFileURL(outfile).href);
