import { createHash } from "node:crypto";
import type {
  Acquirer,
  AcquirerAnswer,
  AcquirerDisputeEvent,
  AuthorizeRequest,
  CreditRequest,
  FollowUpRequest,
  VerificationAnswer,
  VerifyRequest,
} from "./acquirer";
import { SandboxDisputes } from "./sandbox-disputes";
import {
  APPROVED_MESSAGE,
  outcomeByAmount,
  outcomeForCard,
  type SandboxOutcome,
  verificationForCard,
} from "./sandbox-outcomes";

/** How long the sandbox's slow answer takes by default (amounts ending in 91). */
export const SLOW_ANSWER_MS = 3_000;

export const SANDBOX_BILLING_DESCRIPTOR = "TESSERA SANDBOX";

/**
 * The acquirer shipped with Tessera: deterministic outcomes from the published test cards and amounts
 * (sandbox-outcomes.ts). Like a real processor it answers a repeat of an idempotency key as it answered the first
 * time: every part of an answer (outcome, reference, auth code, RRN) is derived from the operation and its key,
 * so nothing needs remembering once an answer is given — no per-transaction memory that grows with traffic, and
 * the same answer from any instance or after a restart. Only calls in flight are shared, so a repeat that arrives
 * during a slow answer waits for it rather than starting a second.
 */
export class SandboxAcquirer implements Acquirer {
  private readonly inFlight = new Map<string, Promise<AcquirerAnswer>>();

  private readonly disputes: SandboxDisputes;

  constructor(private readonly options: { slowAnswerMs?: number; disputeDelayMs?: number } = {}) {
    this.disputes = new SandboxDisputes(options.disputeDelayMs);
  }

  async pollDisputeEvents(): Promise<AcquirerDisputeEvent[]> {
    return this.disputes.due();
  }

  async verify(request: VerifyRequest): Promise<VerificationAnswer> {
    return verificationForCard({
      number: request.card.number,
      verificationValue: request.card.verificationValue,
    });
  }

  async authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    const answer = await this.answer(request.idempotencyKey, request.billingDescriptor, () =>
      outcomeForCard({
        number: request.card.number,
        verificationValue: request.card.verificationValue,
        amount: request.amount,
      }),
    );
    // The sandbox's dispute cards are disputed by their bank once charged; only ever as test disputes.
    if (answer.status === "successful" && answer.refId && request.test) {
      this.disputes.charged({
        cardNumber: request.card.number,
        uid: request.idempotencyKey,
        reference: answer.refId,
        amount: request.amount,
        capture: request.capture,
        test: request.test,
      });
    }
    return answer;
  }

  async capture(request: FollowUpRequest): Promise<AcquirerAnswer> {
    const answer = await this.answer(request.idempotencyKey, null, () => outcomeByAmount(request.amount));
    if (answer.status === "successful") {
      this.disputes.captured({
        parentReference: request.parentRefId,
        uid: request.idempotencyKey,
        amount: request.amount,
      });
    }
    return answer;
  }

  void(request: FollowUpRequest): Promise<AcquirerAnswer> {
    return this.answer(request.idempotencyKey, null, () => outcomeByAmount(request.amount));
  }

  refund(request: FollowUpRequest & { reason: string }): Promise<AcquirerAnswer> {
    return this.answer(request.idempotencyKey, null, () => outcomeByAmount(request.amount));
  }

  credit(request: CreditRequest): Promise<AcquirerAnswer> {
    return this.answer(request.idempotencyKey, request.billingDescriptor, () =>
      outcomeForCard({ number: request.card.number, verificationValue: null, amount: request.amount }),
    );
  }

  private answer(
    key: string,
    billingDescriptor: string | null,
    decide: () => SandboxOutcome,
  ): Promise<AcquirerAnswer> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const answer = this.respond(key, billingDescriptor, decide());
    this.inFlight.set(key, answer);
    const forget = () => this.inFlight.delete(key);
    answer.then(forget, forget);
    return answer;
  }

  private async respond(
    key: string,
    billingDescriptor: string | null,
    outcome: SandboxOutcome,
  ): Promise<AcquirerAnswer> {
    const refId = reference(key);
    const descriptor = billingDescriptor ?? SANDBOX_BILLING_DESCRIPTOR;
    switch (outcome.kind) {
      case "decline":
      case "error":
        return {
          status: outcome.kind === "decline" ? "failed" : "error",
          message: outcome.message,
          bankCode: outcome.bankCode,
          authCode: null,
          rrn: null,
          refId,
          billingDescriptor: descriptor,
        };
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, this.options.slowAnswerMs ?? SLOW_ANSWER_MS));
        break;
      case "approve":
        break;
    }
    return {
      status: "successful",
      message: APPROVED_MESSAGE,
      bankCode: "00",
      authCode: digitsOf(key, "auth-code", 6),
      rrn: digitsOf(key, "rrn", 12),
      refId,
      billingDescriptor: descriptor,
    };
  }
}

/** `count` decimal digits (no leading zero) derived from the idempotency key: a repeat gets the same ones. */
function digitsOf(key: string, purpose: string, count: number): string {
  const digest = createHash("sha256").update(`${purpose}:${key}`).digest();
  let digits = String(1 + (digest[0] % 9));
  for (let i = 1; digits.length < count; i++) digits += String(digest[i] % 10);
  return digits;
}

/** The acquirer's reference of an operation: stable for its idempotency key. */
function reference(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}
