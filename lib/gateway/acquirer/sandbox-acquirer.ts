import { createHash, randomInt } from "node:crypto";
import type { Acquirer, AcquirerAnswer, AuthorizeRequest, CreditRequest, FollowUpRequest } from "./acquirer";
import { APPROVED_MESSAGE, outcomeByAmount, outcomeForCard, type SandboxOutcome } from "./sandbox-outcomes";

/** How long the sandbox's slow answer takes by default (amounts ending in 91). */
export const SLOW_ANSWER_MS = 3_000;

export const SANDBOX_BILLING_DESCRIPTOR = "TESSERA SANDBOX";

/**
 * The acquirer shipped with Tessera: deterministic outcomes from the published test cards and amounts
 * (sandbox-outcomes.ts). Like a real processor it remembers its answers by idempotency key, so asking again
 * about the same operation gives the same answer (kept in memory: the sandbox moves no real money).
 */
export class SandboxAcquirer implements Acquirer {
  private readonly answers = new Map<string, Promise<AcquirerAnswer>>();

  constructor(private readonly options: { slowAnswerMs?: number } = {}) {}

  authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    return this.answer(request.idempotencyKey, request.billingDescriptor, () =>
      outcomeForCard({
        number: request.card.number,
        verificationValue: request.card.verificationValue,
        amount: request.amount,
      }),
    );
  }

  capture(request: FollowUpRequest): Promise<AcquirerAnswer> {
    return this.answer(request.idempotencyKey, null, () => outcomeByAmount(request.amount));
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
    const known = this.answers.get(key);
    if (known) return known;
    const answer = this.respond(key, billingDescriptor, decide());
    this.answers.set(key, answer);
    // A failed call is not an answer: a retry with the same key asks again.
    answer.catch(() => this.answers.delete(key));
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
      authCode: String(randomInt(100_000, 1_000_000)),
      rrn: String(randomInt(100_000_000, 1_000_000_000)) + String(randomInt(100, 1_000)),
      refId,
      billingDescriptor: descriptor,
    };
  }
}

/** The acquirer's reference of an operation: stable for its idempotency key. */
function reference(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}
