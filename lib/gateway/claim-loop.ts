import type { Logger } from "pino";

/**
 * The loop of a worker that claims its work in the database (webhook deliveries, shopper e-mails, renewals), so
 * that any number of instances run it at once: one turn at a time; the next at once after a full batch (more may be
 * due) or a nudge (this process has just written work), otherwise after `pollIntervalMs`. A failed turn is logged
 * and the loop goes on. `stop()` wakes a waiting loop and resolves once the turn in progress has ended.
 */
export class ClaimLoop {
  private active = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;

  constructor(
    private readonly options: {
      /** Said in the log line of a failed turn, e.g. "notification worker: claiming deliveries failed". */
      failure: string;
      pollIntervalMs: number;
      logger: Logger;
      /** One turn: claims a batch and does it; true when the batch was full. */
      turn: () => Promise<boolean>;
    },
  ) {}

  /** Between `start()` and `stop()`. */
  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    this.wake?.();
    await this.loop;
  }

  /** Looks for due work now instead of at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.active) {
      let full = false;
      try {
        full = await this.options.turn();
      } catch (error) {
        this.options.logger.warn({ err: error }, this.options.failure);
      }
      if (full || this.nudged) {
        this.nudged = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
