import { getConfig } from "@/lib/server/config";
import { createLogger, type Logger } from "@/lib/server/log";

let logger: Logger | undefined;

/**
 * The checkout app's server-side log, with the same card-data redaction as the gateway's. Callers still log only
 * references, statuses and the gateway's messages, never form values.
 */
export function checkoutLogger(): Logger {
  const config = getConfig();
  logger ??= createLogger({ level: config.logLevel, format: config.logFormat }).child({ part: "checkout" });
  return logger;
}

/** A short id to show the shopper with a generic error and to find the details in the log. */
export function newReference(): string {
  return crypto.randomUUID().slice(0, 8).toUpperCase();
}
