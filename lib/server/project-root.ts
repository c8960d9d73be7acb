import fs from "node:fs";
import path from "node:path";

/**
 * The project's root: the nearest folder above this module that holds package.json. `npm start` runs a bundle
 * of the server in `dist/`, where `import.meta.dirname` is no longer the source file's folder; every path to the
 * project's own files (the Next app, migrations, node_modules) is taken from here so that both ways agree.
 */
export function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
    dir = parent;
  }
  return dir;
}
