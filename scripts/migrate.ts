import { checkDatabaseAnswers, describeDatabaseUrl, openDatabase } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { parseCommandLine } from "@/lib/server/cli";
import { getConfig } from "@/lib/server/config";
import { reportOperatorErrors } from "@/lib/server/operator-error";

/**
 * `npm run migrate`: applies the migrations the database lacks, and nothing else, so that a deployment can run it
 * once before its instances start (with MIGRATE_ON_START=false) or roll them. Several started at once on one
 * PostgreSQL are safe: each takes the migration lock, the first applies, the others find nothing left to do.
 */
parseCommandLine({
  usage: `Usage:
  npm run migrate     applies the migrations the database (DATABASE_URL, or the embedded one in DATA_DIR) lacks`,
  maxPositionals: 0,
});
reportOperatorErrors();
const config = getConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await checkDatabaseAnswers(database, config.databaseUrl);
  const { shipped, appliedNow } = await applyMigrations(database);
  const where = config.databaseUrl
    ? describeDatabaseUrl(config.databaseUrl)
    : `the embedded database in ${config.dataDir}`;
  console.log(
    appliedNow === 0
      ? `${where} is up to date: all ${shipped} migrations applied before.`
      : `${where}: applied ${appliedNow} migration${appliedNow === 1 ? "" : "s"}; all ${shipped} are in place.`,
  );
} finally {
  await database.close();
}
