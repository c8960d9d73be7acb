import path from "node:path";
import { pathToFileURL } from "node:url";
import { compile, ROOT } from "./compile.mjs";

/**
 * `node scripts/run.mjs <file.ts> [arguments…]`: what the package.json commands (`gateway`, `shop`, `keys`,
 * `notifications`, `backup`, `restore`, `renewals`) run. Compiles the file into `dist/` (scripts/compile.mjs) and
 * runs it with plain Node, with the arguments after the file as its own (`process.argv.slice(2)`).
 */
const [entry, ...args] = process.argv.slice(2);
if (!entry?.endsWith(".ts")) {
  console.error("Usage: node scripts/run.mjs <file.ts> [arguments…]");
  process.exit(2);
}
const source = path.resolve(entry);
if (path.relative(ROOT, source).startsWith("..")) {
  console.error(`${entry} is not a file of this project`);
  process.exit(2);
}
const outfile = await compile(source);
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
