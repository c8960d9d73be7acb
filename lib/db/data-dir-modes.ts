import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database's files are the card vault's: only the account that runs Tessera may read or write them.
 * PGlite writes its files world-readable and world-writable (0666, directories 0755, whatever the umask), and a
 * data directory copied from its template or unpacked from a backup keeps those modes; so the data directory is
 * made 0700 and every file in it 0600, at each start and after each restore. Symbolic links are left alone (their
 * own mode means nothing, and their targets are not the database's).
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Restricts `dir` and everything under it to its owner; returns how many entries had other modes. */
export function restrictToOwner(dir: string): number {
  let fixed = 0;
  const restrict = (entry: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      fs.chmodSync(entry, wanted);
      fixed += 1;
    }
  };
  const walk = (directory: string) => {
    restrict(directory, fs.lstatSync(directory));
    for (const child of fs.readdirSync(directory, { withFileTypes: true })) {
      const entry = path.join(directory, child.name);
      if (child.isDirectory()) walk(entry);
      else if (child.isFile() || child.isSocket()) restrict(entry, fs.lstatSync(entry));
    }
  };
  walk(dir);
  return fixed;
}
