import type http from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "@/lib/server/log";

let shuttingDown = false;

/**
 * True from the first SIGTERM or SIGINT on: the process finishes what it has and takes nothing new, and
 * `/health/ready` answers 503 so that traffic moves elsewhere.
 */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

/** The process begins to stop (the signal handler below calls it; tests may too). */
export function markShuttingDown(): void {
  shuttingDown = true;
}

/** For tests: the process is taking traffic again. */
export function resetShuttingDown(): void {
  shuttingDown = false;
}

export interface GracefulShutdownOptions {
  server: http.Server;
  logger: Logger;
  /** How long requests in flight may take to finish before their connections are cut (`SHUTDOWN_GRACE_SECONDS`). */
  graceSeconds: number;
  /** Stops the background workers (handing their claimed rows back); runs at once, while requests finish. */
  stopBackgroundWork: () => Promise<void>;
  /** Closes the database; runs once no request is left. */
  close: () => Promise<void>;
  /**
   * Addresses whose new connections are still taken while requests are in flight: the full server's checkout app
   * calls its own gateway over loopback, and a page being answered must be able to finish its payment. Without it,
   * the listener closes at once.
   */
  acceptWhileDraining?: (address: string) => boolean;
  /**
   * With `acceptWhileDraining`: whether the listener is still needed (the full server: while a page is being
   * answered). Once false, it closes even though other requests are still finishing. Default: until none is left.
   */
  listenerNeeded?: () => boolean;
  /** Ends the process (default `process.exit`); tests give their own. */
  exit?: (code: number) => void;
}

/** How often connections that became idle during the drain are closed (their next request would find none). */
const IDLE_SWEEP_MS = 50;
/** Time for the workers and the database to close after the grace period, before the process gives up on them. */
const CLOSE_TIMEOUT_MS = 10_000;

function normalAddress(socket: Socket): string {
  return socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/i, "") ?? "";
}

/**
 * SIGTERM (or SIGINT): stop taking connections, let the requests in flight finish (answers carry `Connection:
 * close`, idle keep-alive connections are closed), stop the background workers, close the database, exit 0. After
 * `graceSeconds` the connections still open are cut. A second signal ends the process at once with status 1.
 * Returns the function that starts it (what the signal handlers call).
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): (signal: string) => Promise<void> {
  const { server, logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = new Set<http.ServerResponse>();
  let drained: (() => void) | null = null;
  let started = false;

  // Ahead of the application's own listener, so that a request read during the drain is answered `Connection:
  // close` before anything is written.
  server.prependListener("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    inFlight.add(response);
    if (started) response.setHeader("Connection", "close");
    response.once("close", () => {
      inFlight.delete(response);
      if (inFlight.size === 0) drained?.();
    });
  });
  server.prependListener("connection", (socket: Socket) => {
    if (!started) return;
    // Only while the listener is still open for the checkout app's own calls.
    if (!options.acceptWhileDraining?.(normalAddress(socket))) socket.destroy();
  });

  const shutdown = async (signal: string) => {
    if (started) {
      logger.warn({ signal }, "second signal: stopping at once");
      exit(1);
      return;
    }
    started = true;
    markShuttingDown();
    const began = performance.now();
    logger.info({ signal, inFlight: inFlight.size, graceSeconds: options.graceSeconds }, "shutting down");
    for (const response of inFlight) {
      if (!response.headersSent) response.setHeader("Connection", "close");
    }
    const serverClosed = new Promise<void>((resolve) => server.once("close", () => resolve()));
    const closeListener = () => {
      if (server.listening) server.close();
    };
    if (!options.acceptWhileDraining) closeListener();
    const idleSweep = setInterval(() => {
      server.closeIdleConnections();
      if (options.listenerNeeded && !options.listenerNeeded()) closeListener();
    }, IDLE_SWEEP_MS);
    server.closeIdleConnections();
    const workersStopped = options.stopBackgroundWork().catch((error: unknown) => {
      logger.warn({ err: error }, "stopping the background workers failed");
    });

    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<"grace over">((resolve) => {
      graceTimer = setTimeout(() => resolve("grace over"), options.graceSeconds * 1000);
    });
    const requestsDone = new Promise<void>((resolve) => {
      drained = resolve;
      if (inFlight.size === 0) resolve();
    });
    let outcome = await Promise.race([requestsDone.then(() => "done" as const), graceOver]);
    closeListener();
    if (outcome === "done")
      outcome = await Promise.race([serverClosed.then(() => "done" as const), graceOver]);
    clearTimeout(graceTimer);
    clearInterval(idleSweep);
    if (outcome !== "done") {
      logger.warn({ cut: inFlight.size }, "shutdown grace period over: cutting the requests still in flight");
      server.closeAllConnections();
    }

    const forced = setTimeout(() => {
      logger.error("the database did not close in time: exiting anyway");
      exit(1);
    }, CLOSE_TIMEOUT_MS);
    forced.unref();
    try {
      await workersStopped;
      await options.close();
    } catch (error) {
      logger.error({ err: error }, "closing the database failed");
      clearTimeout(forced);
      exit(1);
      return;
    }
    clearTimeout(forced);
    logger.info({ ms: Math.round(performance.now() - began) }, "shut down");
    // pino writes asynchronously: the last lines are flushed before the process ends.
    await new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, 1_000);
      try {
        logger.flush(() => {
          clearTimeout(fallback);
          resolve();
        });
      } catch {
        clearTimeout(fallback);
        resolve();
      }
    });
    exit(0);
  };
  return shutdown;
}

/** Installs the SIGTERM and SIGINT handlers that start `shutdown`. */
export function onStopSignals(shutdown: (signal: string) => Promise<void>): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
}
