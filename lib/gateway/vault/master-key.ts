import fs from "node:fs";
import path from "node:path";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import { OperatorError } from "@/lib/server/operator-error";
import { generateKey, parseMasterKey, parseNamedMasterKey } from "./envelope";

/**
 * The master key comes from MASTER_KEY. Outside production a missing key is generated once into the data
 * directory so `npm start` works on a fresh machine; production refuses to start without one.
 */
export function resolveMasterKey(config: Config, logger: Logger): Buffer {
  if (config.masterKey) return parseMasterKey(config.masterKey);
  if (config.nodeEnv === "production") {
    throw new OperatorError(
      "MASTER_KEY is required in production (32 bytes as 64 hex characters or base64; `openssl rand -hex 32` makes one).",
    );
  }
  const file = path.join(config.dataDir, "master.key");
  if (fs.existsSync(file)) return parseMasterKey(fs.readFileSync(file, "utf8").trim());
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, generateKey().toString("hex"), { mode: 0o600 });
  logger.warn(
    { file },
    "MASTER_KEY is not set: generated a development master key; set MASTER_KEY in production",
  );
  return parseMasterKey(fs.readFileSync(file, "utf8").trim());
}

/** MASTER_KEY_PREVIOUS, the master key a rotation moves away from; null when unset. */
export function resolvePreviousMasterKey(config: Config): Buffer | null {
  return config.masterKeyPrevious
    ? parseNamedMasterKey(config.masterKeyPrevious, "MASTER_KEY_PREVIOUS")
    : null;
}
