import { eq } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";
import { GatewayError, renderGatewayError } from "@/lib/gateway/errors";
import { listNotifications } from "@/lib/gateway/notifications/list-notifications";
import { resendNotification } from "@/lib/gateway/notifications/resend-notification";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { getConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run notifications -- list <transaction uid>
  npm run notifications -- resend <transaction uid>`;

const { command, positionals } = parseCommandLine({
  usage: USAGE,
  commands: ["list", "resend"],
  maxPositionals: 2,
});
const [uid] = positionals;
if (!uid) exitWithUsage(USAGE, "A transaction uid is required.");

reportOperatorErrors();
const config = getConfig();
// Only queues and reads: the running servers' workers deliver (with the embedded database, the next start does).
const runtime = await startGatewayRuntime({
  config,
  logger: createLogger({ level: "warn" }),
  demoShops: false,
  backgroundWorkers: false,
});
try {
  const [row] = await runtime.deps.db
    .select({ shopId: transactions.shopId })
    .from(transactions)
    .where(eq(transactions.uid, uid));
  if (!row) throw new GatewayError("record_not_found");
  const options = { deps: runtime.deps, shopId: row.shopId, uid };
  if (command === "resend") {
    const { notification, queued } = await resendNotification(options);
    console.log(
      queued
        ? `Queued delivery ${notification.id} to ${notification.url}`
        : `A re-send is already queued: delivery ${notification.id} to ${notification.url}`,
    );
  } else {
    const deliveries = await listNotifications(options);
    if (deliveries.length === 0) console.log("No notifications for this transaction.");
    for (const delivery of deliveries) {
      console.log(`${delivery.id}\t${delivery.status}\t${delivery.created_at}\t${delivery.url}`);
      for (const attempt of delivery.attempts) {
        const outcome = attempt.succeeded ? `HTTP ${attempt.status_code}` : (attempt.error ?? "failed");
        console.log(`  ${attempt.attempted_at}\t${attempt.latency_ms} ms\t${outcome}`);
      }
      if (delivery.next_attempt_at) console.log(`  next attempt at ${delivery.next_attempt_at}`);
    }
  }
} catch (error) {
  if (!(error instanceof GatewayError)) throw error;
  console.error(renderGatewayError(error).body.message);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
