import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { getConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run renewals -- --once    charge every subscription due now, then exit (for a cron job)`;

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] !== "--once") {
  console.error(USAGE);
  process.exit(2);
}

reportOperatorErrors();
const config = getConfig();
// The servers' schedulers may run at the same time: charges are claimed in the database, each taken once.
const runtime = await startGatewayRuntime({
  config,
  logger: createLogger({ level: "warn" }),
  demoShops: false,
  backgroundWorkers: false,
});
try {
  const charged = await runtime.subscriptions.runUntilIdle();
  console.log(`Charged ${charged} due subscription${charged === 1 ? "" : "s"}.`);
} finally {
  await runtime.close();
}
