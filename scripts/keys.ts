import { getConfig, loadKeysCommandConfig } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { parseMasterKey } from "@/lib/gateway/vault/envelope";
import { resolveMasterKey } from "@/lib/gateway/vault/master-key";
import { rewrapVaultKeys, rotateDataKey } from "@/lib/gateway/vault/rotate-keys";
import { createLogger } from "@/lib/log";
import { reportOperatorErrors } from "@/lib/operator-error";

const USAGE = `Usage:
  npm run keys -- rotate                      new data key; every stored card re-encrypted under it
  NEW_MASTER_KEY=... npm run keys -- rewrap   re-wrap the vault keys under a new master key
                                              (then set MASTER_KEY to the new value)`;

reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: "warn" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const masterKey = resolveMasterKey(config, logger);
  switch (process.argv[2]) {
    case "rotate": {
      const { keyId, reencrypted } = await rotateDataKey(database.db, masterKey);
      console.log(`Active data key is now ${keyId}; re-encrypted ${reencrypted} stored card(s).`);
      break;
    }
    case "rewrap": {
      // The one place a second master key exists, only for the duration of the command.
      const next = loadKeysCommandConfig().newMasterKey;
      if (!next) throw new Error(`NEW_MASTER_KEY is required\n${USAGE}`);
      const count = await rewrapVaultKeys(database.db, masterKey, parseMasterKey(next));
      console.log(`Re-wrapped ${count} vault key(s). Set MASTER_KEY to the new key before the next start.`);
      break;
    }
    default:
      console.error(USAGE);
      process.exitCode = 1;
  }
} finally {
  await database.close();
}
