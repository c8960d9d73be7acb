import fs from "node:fs";
import path from "node:path";
import { restoreEmbeddedDatabase } from "@/lib/db/backup";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { OperatorError, reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run restore -- FILE --data-dir DIR   a new embedded database in DIR from a backup made by npm run backup
                                           (DIR must not hold one already); then start with DATA_DIR=DIR and the
                                           MASTER_KEY of the backed-up deployment`;

const { positionals, values } = parseCommandLine({
  usage: USAGE,
  options: { "data-dir": { type: "string" } },
  maxPositionals: 1,
});
const [file] = positionals;
if (!file) exitWithUsage(USAGE, "The backup FILE is required.");
if (!values["data-dir"]) exitWithUsage(USAGE, "--data-dir is required.");
const dataDir = path.resolve(values["data-dir"]);

reportOperatorErrors();
if (!fs.existsSync(file)) throw new OperatorError(`There is no file ${file}.`);
await restoreEmbeddedDatabase(fs.readFileSync(file), dataDir);
console.log(`Restored ${file} into ${dataDir}.`);
console.log(
  `Start it with DATA_DIR=${dataDir} and the same MASTER_KEY as the deployment it was backed up from.`,
);
