import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SESSION_KEY_BYTES } from "./session-cookie";

export const SESSION_KEY_FILE = "admin-session.key";

// Distinct `info` keeps this key independent of every other key derived from the same master key.
const HKDF_INFO = "tessera admin session cookie v1";

/**
 * The key that seals admin session cookies. With a MASTER_KEY it is derived from it (HKDF-SHA256), so every
 * instance of a deployment agrees without another secret to distribute. Without one (development), a random key
 * is kept in `DATA_DIR/admin-session.key`, created once with mode 0600; instances sharing the data directory
 * share it. Either way sessions survive restarts; changing the master key signs everyone out.
 */
export function resolveSessionKey(options: { masterKey: string | null; dataDir: string }): Buffer {
  if (options.masterKey) {
    return Buffer.from(hkdfSync("sha256", options.masterKey, Buffer.alloc(0), HKDF_INFO, SESSION_KEY_BYTES));
  }
  const file = path.join(options.dataDir, SESSION_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Written aside, then linked into place: link fails if the file exists, so when two instances start
    // together the first key wins and nobody ever reads a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, randomBytes(SESSION_KEY_BYTES).toString("hex"), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const hex = fs.readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) {
    throw new Error(`${file} must hold ${SESSION_KEY_BYTES} bytes as hex; delete it to generate a new key`);
  }
  return Buffer.from(hex, "hex");
}
