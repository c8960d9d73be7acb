import {
  DEFAULT_CUSTOMER_EMAIL_LIMIT_PER_HOUR,
  TEST_CUSTOMER_EMAIL_LIMIT_PER_HOUR,
} from "@/lib/contracts/shop-settings";
import { ClaimLoop } from "../claim-loop";
import type { GatewayDeps } from "../context";
import {
  type ClaimedShopperEmail,
  claimDueShopperEmails,
  recordShopperEmailOutcome,
  releaseShopperEmailClaim,
  type ShopperEmailOutcome,
  takeShopperEmailAllowance,
} from "./email-outbox";
import { emailRetryDelaySeconds, isPermanentSmtpFailure } from "./email-retry-schedule";
import { renderShopperEmail } from "./render-shopper-email";
import { createSmtpTransport, isMissingStartTls, type MailTransport } from "./smtp-transport";

/**
 * A mail server's error for the logs: without the addresses it quotes ("550 <someone@example.com> unknown"), which
 * are the shopper's and stay in the database (the admin shows the row's `last_error`), never in a log.
 */
export function withoutAddresses(error: string): string {
  return error.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]");
}

export interface ShopperEmailWorkerOptions {
  /**
   * Where messages go: default a transport for the config's `SMTP_URL`; null (the default without one) keeps each
   * message in the database, status `kept`.
   */
  transport?: MailTransport | null;
  /** How often to look for due e-mails when nothing nudges the worker (default 1 s). */
  pollIntervalMs?: number;
  /** E-mails claimed and sent at once (default 8). */
  batchSize?: number;
  /** How long a claim hides an e-mail from other instances (default 120 s): longer than any send takes. */
  leaseSeconds?: number;
  /** Seconds until the next attempt after a temporary failure, or null to give up (default: the schedule). */
  retryDelaySeconds?: (attemptsMade: number) => number | null;
}

/**
 * Sends the shopper e-mail outbox: claims due rows, renders each in its language, sends it through SMTP and records
 * the outcome; a temporary failure is tried again later, a permanent one (the server refused the recipient) or the
 * last retry marks it failed, and the other messages go on. Safe to run in every instance at once: claims never
 * overlap (`claimDueShopperEmails`). At least once: a crash after the server took a message but before that was
 * recorded sends it again when the lease runs out.
 */
export class ShopperEmailWorker {
  private readonly transport: MailTransport | null;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly retryDelaySeconds: (attemptsMade: number) => number | null;
  private readonly claimLoop: ClaimLoop;
  private stopping = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: Pick<
      GatewayDeps,
      "config" | "db" | "logger" | "clock" | "shops" | "outbox" | "metrics"
    >,
    options: ShopperEmailWorkerOptions = {},
  ) {
    this.transport =
      options.transport !== undefined
        ? options.transport
        : deps.config.smtpUrl
          ? createSmtpTransport(deps.config.smtpUrl)
          : null;
    this.batchSize = options.batchSize ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.retryDelaySeconds =
      options.retryDelaySeconds ?? ((attemptsMade) => emailRetryDelaySeconds(attemptsMade, Math.random()));
    this.claimLoop = new ClaimLoop({
      failure: "shopper e-mail worker: claiming e-mails failed",
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      logger: deps.logger,
      turn: async () => (await this.runOnce()) === this.batchSize,
    });
  }

  /** Starts polling (and listening for nudges after outbox writes) in the background. */
  start(): void {
    if (this.claimLoop.running) return;
    this.unsubscribe = this.deps.outbox.subscribe(() => this.nudge());
    this.claimLoop.start();
  }

  /**
   * Stops polling and closes the mail transport, which ends the connections in use: the messages whose sending
   * that cut short are handed back, due at once for any instance.
   */
  async stop(): Promise<void> {
    if (!this.claimLoop.running) return;
    this.stopping = true;
    this.unsubscribe?.();
    this.transport?.close();
    await this.claimLoop.stop();
    this.stopping = false;
  }

  nudge(): void {
    this.claimLoop.nudge();
  }

  /** Claims the e-mails due now (one batch) and sends each once; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const claimed = await claimDueShopperEmails(this.deps.db, this.deps.clock, {
      limit: this.batchSize,
      leaseSeconds: this.leaseSeconds,
    });
    await Promise.all(claimed.map((email) => this.send(email)));
    return claimed.length;
  }

  /**
   * Null when the shop may send this e-mail now, else why not: past its limit for the hour (the operator's
   * `customer_email_limit_per_hour` for live money, at most `TEST_CUSTOMER_EMAIL_LIMIT_PER_HOUR` for test money), so a
   * leaked or abused shop key cannot make the gateway a relay to strangers. The message is not sent, not retried.
   */
  private async overHourlyLimit(email: ClaimedShopperEmail): Promise<string | null> {
    const shop = await this.deps.shops.get(email.shopId);
    const liveLimit = shop?.settings.customer_email_limit_per_hour ?? DEFAULT_CUSTOMER_EMAIL_LIMIT_PER_HOUR;
    const limit = email.payload.test ? Math.min(liveLimit, TEST_CUSTOMER_EMAIL_LIMIT_PER_HOUR) : liveLimit;
    const allowed = await takeShopperEmailAllowance(this.deps.db, this.deps.clock, {
      shopId: email.shopId,
      test: email.payload.test,
      limit,
    });
    return allowed ? null : `not sent: the shop's limit of ${limit} e-mails an hour was reached`;
  }

  private async send(email: ClaimedShopperEmail): Promise<void> {
    const { deps } = this;
    // Never the address or the message: logs carry ids only.
    const log = { emailId: email.id, shopId: email.shopId, kind: email.kind };
    let outcome: ShopperEmailOutcome;
    let startTlsMissing = false;
    const overLimit = this.transport ? await this.overHourlyLimit(email) : null;
    if (!this.transport) {
      outcome = { status: "kept" };
    } else if (overLimit !== null) {
      outcome = { status: "failed", error: overLimit };
      deps.metrics.shopperEmailLimited(email.payload.test);
    } else {
      try {
        const message = await renderShopperEmail(email);
        await this.transport.sendMail({
          from: deps.config.emailFrom,
          to: email.recipient,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: { "X-Tessera-Email-Id": email.id },
        });
        outcome = { status: "sent" };
      } catch (failure) {
        if (this.stopping) {
          await releaseShopperEmailClaim(deps.db, deps.clock, email.id).catch(() => {});
          return;
        }
        const error = (failure as Error).message || String(failure);
        startTlsMissing = isMissingStartTls(failure);
        // A missing STARTTLS is the path's or the server's set-up, not the message's: kept for a retry.
        const retryInSeconds =
          isPermanentSmtpFailure(failure) && !startTlsMissing
            ? null
            : this.retryDelaySeconds(email.attempts + 1);
        outcome =
          retryInSeconds === null
            ? { status: "failed", error }
            : { status: "pending", error, retryInSeconds };
      }
    }
    try {
      await recordShopperEmailOutcome(deps.db, deps.clock, email.id, outcome);
      const entry = { ...log, attempt: email.attempts + 1, status: outcome.status };
      if (outcome.status === "sent" || outcome.status === "kept")
        deps.logger.info(entry, `shopper e-mail ${outcome.status}`);
      else if (startTlsMissing)
        deps.logger.warn(
          entry,
          "shopper e-mail not sent: the mail server offers no STARTTLS, and credentials and messages never go in clear",
        );
      else deps.logger.warn({ ...entry, error: withoutAddresses(outcome.error) }, "shopper e-mail not sent");
    } catch (recordError) {
      // The lease runs out and the e-mail is tried again: at least once, never lost.
      deps.logger.error({ ...log, err: recordError }, "shopper e-mail outcome could not be recorded");
    }
  }
}
