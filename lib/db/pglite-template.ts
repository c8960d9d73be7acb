import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { projectRoot } from "../server/project-root";

/**
 * A freshly initialised embedded database, kept to be copied. Creating one (initdb, compiled to WebAssembly) takes
 * about 4 s here, most of a first start; copying a ready one takes a fraction of that. `npm start` prepares it with
 * the build, once per installed PGlite version; without it a new database is created the slow way.
 */
const NODE_MODULES = path.join(projectRoot(), "node_modules");
const PGLITE_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(NODE_MODULES, "@electric-sql/pglite/package.json"), "utf8"),
).version;
const TEMPLATE_DIR = path.join(NODE_MODULES, ".cache/tessera", `pglite-${PGLITE_VERSION}`);

function isInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/** Creates the template unless it exists (written aside, then renamed: a half-made one is never used). */
export async function ensurePgliteTemplate(): Promise<void> {
  if (isInitialised(TEMPLATE_DIR)) return;
  const building = `${TEMPLATE_DIR}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const client = await PGlite.create({ dataDir: building });
  await client.close();
  try {
    fs.renameSync(building, TEMPLATE_DIR);
  } catch {
    // Another start made it meanwhile.
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/**
 * The same fresh database as an image in memory's terms (PGlite's own tar of its data directory), for databases
 * that live in memory (`memory://`, the tests' own): loading it takes about a quarter of creating one. Written
 * aside and renamed, like the template.
 */
const MEMORY_IMAGE = `${TEMPLATE_DIR}.tar`;

export async function ensurePgliteMemoryImage(): Promise<void> {
  if (fs.existsSync(MEMORY_IMAGE)) return;
  fs.mkdirSync(path.dirname(MEMORY_IMAGE), { recursive: true });
  const client = await PGlite.create();
  const image = await client.dumpDataDir("none");
  await client.close();
  const building = `${MEMORY_IMAGE}.${process.pid}.tmp`;
  fs.writeFileSync(building, new Uint8Array(await image.arrayBuffer()));
  fs.renameSync(building, MEMORY_IMAGE);
}

let memoryImage: Blob | undefined;

/** The memory image when one was made, read once per process; without it a database in memory is created anew. */
export function pgliteMemoryImage(): Blob | undefined {
  if (!memoryImage && fs.existsSync(MEMORY_IMAGE)) memoryImage = new Blob([fs.readFileSync(MEMORY_IMAGE)]);
  return memoryImage;
}

/** Fills an empty data directory from the template, when there is one. */
export function seedFromTemplate(dataDir: string): void {
  if (isInitialised(dataDir) || !isInitialised(TEMPLATE_DIR)) return;
  fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
}
