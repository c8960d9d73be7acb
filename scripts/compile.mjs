import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/** The project's root: this file's parent folder's parent. */
export const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Compiles `entry` (a TypeScript file of the project) and everything it imports from the project into one
 * JavaScript module, `dist/<name>.mjs`, with esbuild; packages stay in node_modules (`packages: "external"`).
 * Measured against running the TypeScript through a loader (docs/decisions.md, "Start-up"): faster to start and
 * lighter. Bundling takes a fraction of a second, so it is done on every run and is never stale. The module is
 * written beside its final name and renamed into place, so that two commands started at once never load a half
 * written one. On a compile error, prints one line saying where and exits 1.
 */
export async function compile(entry, name = path.basename(entry, path.extname(entry))) {
  const outfile = path.join(ROOT, "dist", `${name}.mjs`);
  let result;
  try {
    result = await build({
      entryPoints: [path.resolve(ROOT, entry)],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(ROOT, "tsconfig.json"),
      logLevel: "silent",
      write: false,
    });
  } catch (error) {
    const first = error?.errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : "";
    console.error(`Tessera could not compile ${entry}: ${first?.text ?? error}${where}`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  const partial = `${outfile}.${process.pid}.partial`;
  fs.writeFileSync(partial, result.outputFiles[0].contents);
  fs.renameSync(partial, outfile);
  return outfile;
}
