import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { parseNamedMasterKey } from "@/lib/gateway/vault/envelope";
import { loadKeyring } from "@/lib/gateway/vault/keyring";
import { resolveMasterKey, resolvePreviousMasterKey } from "@/lib/gateway/vault/master-key";
import { rewrapVaultKeys, rotateDataKey } from "@/lib/gateway/vault/rotate-keys";
import {
  type MasterKeyStatus,
  masterKeyStatus,
  rotateMasterKey,
} from "@/lib/gateway/vault/rotate-master-key";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { getConfig, loadKeysCommandConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run keys -- rotate          new data key; every stored card re-encrypted under it
  npm run keys -- rotate-master   re-wrap the vault keys from MASTER_KEY_PREVIOUS to MASTER_KEY (both set);
                                  shares the work with servers started with both keys
  npm run keys -- status          how far a master-key rotation to MASTER_KEY is
  NEW_MASTER_KEY=... npm run keys -- rewrap
                                  offline: re-wrap the vault keys under a new master key
                                  (then set MASTER_KEY to the new value)`;

const { command } = parseCommandLine({
  usage: USAGE,
  commands: ["rotate", "rewrap", "rotate-master", "status"],
  maxPositionals: 1,
});

reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: "warn" });
const masterKeys = { current: resolveMasterKey(config, logger), previous: resolvePreviousMasterKey(config) };
if (command === "rotate-master" && !masterKeys.previous) {
  exitWithUsage(USAGE, "rotate-master needs MASTER_KEY (the new key) and MASTER_KEY_PREVIOUS (the old one).");
}
const newMasterKey = command === "rewrap" ? loadKeysCommandConfig().newMasterKey : null;
if (command === "rewrap" && !newMasterKey) exitWithUsage(USAGE, "rewrap needs NEW_MASTER_KEY.");

function describe(status: MasterKeyStatus): string {
  const lines = [`${status.underCurrent} of ${status.total} vault key(s) wrapped under MASTER_KEY.`];
  if (status.underPrevious > 0) {
    lines.push(`${status.underPrevious} still under MASTER_KEY_PREVIOUS: the rotation is not finished.`);
  }
  if (status.unknown > 0) {
    lines.push(
      `${status.unknown} open(s) with neither key${masterKeys.previous ? "" : " (set MASTER_KEY_PREVIOUS to the old key to count them)"}.`,
    );
  }
  if (status.underCurrent === status.total) lines.push("MASTER_KEY alone opens the vault.");
  return lines.join("\n");
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  switch (command) {
    case "rotate": {
      const { keyId, reencrypted } = await rotateDataKey(
        database.db,
        masterKeys.current,
        masterKeys.previous,
      );
      console.log(`Active data key is now ${keyId}; re-encrypted ${reencrypted} stored card(s).`);
      break;
    }
    case "rotate-master": {
      // Opening the vault first: a wrong pair of keys stops here, with one line.
      await loadKeyring(database.db, masterKeys.current, masterKeys.previous);
      const { rewrapped, status } = await rotateMasterKey(database.db, masterKeys);
      console.log(`Re-wrapped ${rewrapped} vault key(s) under MASTER_KEY.\n${describe(status)}`);
      console.log("Restart the servers with MASTER_KEY alone (MASTER_KEY_PREVIOUS removed).");
      break;
    }
    case "status": {
      const status = await masterKeyStatus(database.db, masterKeys);
      console.log(describe(status));
      if (status.underCurrent !== status.total) process.exitCode = 1;
      break;
    }
    case "rewrap": {
      // The one place a second master key exists, only for the duration of the command.
      const next = parseNamedMasterKey(newMasterKey as string, "NEW_MASTER_KEY");
      const count = await rewrapVaultKeys(database.db, masterKeys.current, next);
      console.log(`Re-wrapped ${count} vault key(s). Set MASTER_KEY to the new key before the next start.`);
      break;
    }
  }
} finally {
  await database.close();
}
