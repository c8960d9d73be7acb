import { createHash } from "node:crypto";
import type { AcquirerDisputeEvent } from "./acquirer";

/**
 * The sandbox's test cards that bring disputes, as Stripe's test cards do: a successful payment (or the capture of an
 * authorization) of one of them is disputed by its "bank" a moment later.
 */
export const DISPUTE_TEST_CARDS: Record<string, readonly DisputePlan[]> = {
  // A fraud chargeback (Visa 10.4, card-absent fraud).
  "4000000000000259": [{ kind: "chargeback", reason: "fraudulent", code: "10.4", share: "rest" }],
  // Product not received (Visa 13.1).
  "4000000000002685": [{ kind: "chargeback", reason: "product_not_received", code: "13.1", share: "rest" }],
  // An inquiry (a retrieval request): no money moves unless the bank escalates it.
  "4000000000001976": [{ kind: "inquiry", reason: "general", code: "33", share: "rest" }],
  // An early fraud warning only (a TC40 report): no dispute follows.
  "4000000000005423": [{ kind: "early_fraud_warning", reason: "fraudulent", code: "6", share: "rest" }],
  // Two chargebacks of one payment: half of it for fraud, then the rest as a duplicate.
  "4000000404000079": [
    { kind: "chargeback", reason: "fraudulent", code: "10.4", share: "half" },
    { kind: "chargeback", reason: "duplicate", code: "12.6.1", share: "rest" },
  ],
};

interface DisputePlan {
  kind: AcquirerDisputeEvent["kind"];
  reason: string;
  code: string;
  /** `half`: half the charge (rounded down); `rest`: whatever is not refunded nor charged back when it opens. */
  share: "half" | "rest";
}

/** How long after the charge the sandbox's bank disputes it ("within seconds"). */
export const SANDBOX_DISPUTE_DELAY_MS = 2_000;

/**
 * The disputes the sandbox has raised and not yet reported: an authorization of a dispute card is remembered until
 * its capture; a payment's or capture's disputes are reported once their delay has passed. In memory, as the rest of
 * the sandbox is: a real processor keeps its own.
 */
export class SandboxDisputes {
  private readonly authorized = new Map<string, { plans: readonly DisputePlan[]; test: boolean }>();
  private queued: { event: AcquirerDisputeEvent; dueAt: number }[] = [];

  constructor(private readonly delayMs: number = SANDBOX_DISPUTE_DELAY_MS) {}

  /** A charge approved: `reference` is the acquirer's for it, `uid` the gateway's key. */
  charged(charge: {
    cardNumber: string;
    uid: string;
    reference: string;
    amount: number;
    capture: boolean;
    test: boolean;
  }): void {
    const plans = DISPUTE_TEST_CARDS[charge.cardNumber];
    if (!plans) return;
    if (!charge.capture) {
      this.authorized.set(charge.reference, { plans, test: charge.test });
      return;
    }
    this.queue(plans, charge.uid, charge.amount, charge.test);
  }

  /** A capture approved of an authorization the sandbox remembered. */
  captured(capture: { parentReference: string; uid: string; amount: number }): void {
    const authorized = this.authorized.get(capture.parentReference);
    if (!authorized) return;
    this.authorized.delete(capture.parentReference);
    this.queue(authorized.plans, capture.uid, capture.amount, authorized.test);
  }

  /** The events due now, each reported once. */
  due(now: number = Date.now()): AcquirerDisputeEvent[] {
    const due = this.queued.filter((item) => item.dueAt <= now);
    this.queued = this.queued.filter((item) => item.dueAt > now);
    return due.map((item) => item.event);
  }

  private queue(plans: readonly DisputePlan[], uid: string, amount: number, test: boolean): void {
    const at = Date.now();
    plans.forEach((plan, index) => {
      const disputeRef = `sbx_dp_${digest(`${uid}:${index}`)}`;
      this.queued.push({
        dueAt: at + this.delayMs,
        event: {
          eventId: `${disputeRef}_opened`,
          disputeRef,
          transactionUid: uid,
          kind: plan.kind,
          action: "opened",
          reason: plan.reason,
          networkReasonCode: plan.code,
          amount: plan.share === "half" ? Math.floor(amount / 2) : null,
          test,
          occurredAt: new Date(at + index).toISOString(),
        },
      });
    });
  }
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
