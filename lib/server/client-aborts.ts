import type { Logger } from "@/lib/server/log";

/** Node's report that a request's client went away before its body ended (`abortIncoming` in node:http). */
export function isClientAbort(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ECONNRESET" && message === "aborted";
}

/**
 * Next.js logs every uncaught exception of the process, and turns one client abort into one itself: a server
 * action addressed through another page is forwarded to the page that owns it with a body that never ends; the
 * admin area's Origin guard refuses it, the forward is dropped, and the request's "aborted" error is emitted on a
 * stream Next put in its place, which nobody listens to ("uncaughtException: Error: aborted" in the log). Nothing
 * is wrong with the server. This puts a filter in front of the listeners the process has (Next's): a client abort
 * is a debug line, anything else reaches them as before. With no listener at all, uncaught errors stay fatal.
 */
export function quietClientAborts(logger: Logger): void {
  const listeners = process.listeners("uncaughtException");
  if (listeners.length === 0) return;
  process.removeAllListeners("uncaughtException");
  process.on("uncaughtException", (error, origin) => {
    if (isClientAbort(error)) {
      logger.debug({ err: error }, "request aborted by the client");
      return;
    }
    for (const listener of listeners) listener(error, origin);
  });
}
