/**
 * Copies into `<destination>` only the files the built server needs at run time: the compiled commands (dist/), the
 * Next.js build (.next without its cache), public/, the migrations, and of node_modules exactly the files that those
 * load — traced with Next.js's own tracer (@vercel/nft), as Next's `standalone` output does for its server. The
 * production dependencies in full are some 60,000 files; on a copying storage driver (vfs) every file of an image
 * layer is copied and diffed at each step, so the image's build time follows this count. The folders read at run
 * time by path are listed here; a file missing from the list shows as a start-up error in the image's own check.
 *
 *   node ops/docker/runtime-files.mjs /out/app
 *
 * Run from the project's root after `next build` and the commands' compile.
 */
import fs from "node:fs";
import path from "node:path";
import nft from "next/dist/compiled/@vercel/nft/index.js";

const { nodeFileTrace } = nft;

const root = process.cwd();
const destination = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("usage: node ops/docker/runtime-files.mjs <destination>");
  process.exit(2);
}

/** Every file under `dir` (relative to the root), skipping `skip` folders. */
function walk(dir, skip = new Set()) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(relative)) found.push(...walk(relative, skip));
    } else found.push(relative);
  }
  return found;
}

const files = new Set([
  "package.json",
  "next.config.ts",
  "tsconfig.json",
  "ops/docker/healthcheck.mjs",
  "ops/docker/start.mjs",
]);
for (const file of walk("dist")) files.add(file);
for (const file of walk("public")) files.add(file);
// Read at start-up: the migrations and the database functions (lib/db/migrate.ts, lib/db/database-functions.ts).
for (const file of walk("lib/db/migrations")) files.add(file);
for (const file of walk("lib/db/functions")) files.add(file);
const nextFiles = walk(".next", new Set([path.join(".next", "cache")]));
for (const file of nextFiles) files.add(file);

// What the commands import from node_modules (their own code is bundled into dist/).
const entries = [...files].filter((file) => file.startsWith(`dist${path.sep}`) && file.endsWith(".mjs"));
const traced = await nodeFileTrace(entries, { base: root, processCwd: root });
for (const file of traced.fileList) files.add(file);

// What the Next.js server loads: the traces `next build` wrote beside its server and each page
// (paths relative to the trace file).
for (const trace of nextFiles.filter((file) => file.endsWith(".nft.json"))) {
  const { files: listed } = JSON.parse(fs.readFileSync(path.join(root, trace), "utf8"));
  for (const file of listed) files.add(path.relative(root, path.resolve(root, path.dirname(trace), file)));
}

let count = 0;
for (const file of files) {
  if (file.startsWith("..") || path.isAbsolute(file)) continue;
  const from = path.join(root, file);
  const stat = fs.lstatSync(from, { throwIfNoEntry: false });
  if (!stat || stat.isDirectory()) continue;
  const to = path.join(destination, file);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
  else fs.copyFileSync(from, to);
  count += 1;
}
console.log(`runtime files: ${count} copied to ${destination}`);
