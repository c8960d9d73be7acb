import type { Logger } from "pino";

/**
 * A piece of background work run now and then (3-D Secure expiry, payment recovery, unanswered children): never
 * two runs of it at once in one process, its failures logged, and `stop()` waits for a run in progress so the
 * database can be closed after it. Safe with several instances: each sweep ends its rows by conditional updates.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly options: {
      /** Named in the log line of a failed run, e.g. "3-D Secure expiry sweep". */
      name: string;
      intervalMs: number;
      logger: Logger;
      /** One run; resolves to how many rows it ended. */
      sweep: () => Promise<number>;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweepOnce().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, `${this.options.name} failed`),
      );
    }, this.options.intervalMs);
    // A pending sweep must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  /** Runs the sweep at once (tests, or a caller that cannot wait); resolves to how many rows it ended. */
  sweepOnce(): Promise<number> {
    const sweep = this.options.sweep().finally(() => {
      if (this.sweeping === sweep) this.sweeping = null;
    });
    this.sweeping = sweep;
    return sweep;
  }
}
