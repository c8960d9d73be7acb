import type { GatewayDeps } from "../context";
import { recoverUnansweredPayments } from "./recover-unanswered";

const SWEEP_INTERVAL_MS = 60_000;

/** Runs `recoverUnansweredPayments` now and then, as the 3-D Secure expiry sweeper does its own. */
export class PaymentRecoverySweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly intervalMs = SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweepOnce().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, "payment recovery sweep failed"),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  /** Finishes the payments left unanswered by now; resolves to how many this call finished. */
  sweepOnce(): Promise<number> {
    const sweep = recoverUnansweredPayments(this.deps).finally(() => {
      if (this.sweeping === sweep) this.sweeping = null;
    });
    this.sweeping = sweep;
    return sweep;
  }
}
