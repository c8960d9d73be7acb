import { ensurePgliteMemoryImage, ensurePgliteTemplate } from "../lib/db/pglite-template";

/**
 * Once per run, before any test file: the fresh embedded database, as a template directory (for the servers tests
 * start as processes with a DATA_DIR) and as an image (for the databases tests keep in memory). Each of the
 * hundreds of embedded databases a run opens is then copied in a fraction of a second instead of being created
 * (initdb, compiled to WebAssembly: two to four seconds each on a 2-core machine).
 */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
  await ensurePgliteMemoryImage();
}
