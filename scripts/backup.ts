import fs from "node:fs";
import path from "node:path";
import { dumpEmbeddedDatabase, requestBackup } from "@/lib/db/backup";
import { openDatabase } from "@/lib/db/client";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { getConfig } from "@/lib/server/config";
import { OperatorError, reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run backup -- --out FILE   a consistent copy of the embedded database (DATA_DIR), also while the server runs
                                 (with DATABASE_URL: use pg_dump, as this command explains)`;

const { values } = parseCommandLine({
  usage: USAGE,
  options: { out: { type: "string" } },
  maxPositionals: 0,
});
if (!values.out) exitWithUsage(USAGE, "--out is required.");
const out = path.resolve(values.out);

reportOperatorErrors();
const config = getConfig();
if (config.databaseUrl) {
  process.stderr.write(`With DATABASE_URL the data is in PostgreSQL: back it up with PostgreSQL's own tools, e.g.
  pg_dump --format=custom --file=${values.out} "$DATABASE_URL"
and restore with
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${values.out}
(or continuous archiving / point-in-time recovery). Keep MASTER_KEY apart from the copy: it opens the card vault.
`);
  process.exit(1);
}

function heldByLiveProcess(dataDir: string): boolean {
  const lockFile = path.join(dataDir, "pglite.pid");
  const owner = Number(fs.existsSync(lockFile) ? fs.readFileSync(lockFile, "utf8") : 0);
  if (!owner || owner === process.pid) return false;
  try {
    process.kill(owner, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

if (!fs.existsSync(path.join(config.dataDir, "pglite", "PG_VERSION"))) {
  throw new OperatorError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
}
let dump: Buffer;
let source: string;
if (heldByLiveProcess(config.dataDir)) {
  dump = await requestBackup(config.dataDir);
  source = "from the running server";
} else {
  const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  try {
    dump = await dumpEmbeddedDatabase(database);
  } finally {
    await database.close();
  }
  source = "no server was running";
}
// Written aside and renamed: a backup file is whole or absent. It holds sealed card data: owner-only.
const partial = `${out}.${process.pid}.partial`;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(partial, dump, { mode: 0o600 });
fs.renameSync(partial, out);
console.log(
  `Backed up the embedded database in ${config.dataDir} to ${out} (${dump.length} bytes; ${source}).`,
);
console.log("The master key is not in it: keep MASTER_KEY (or the data directory's master.key) safe, apart.");
