import { eq } from "drizzle-orm";
import { cards, type ThreeDSecureChallengeRow, type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { PendingOperation } from "../transactions/pending-operation";
import type { FinishResult } from "./challenge-claims";
import type { AuthenticationOutcome } from "./verification-result";

/** A verification's end as a tokenization's finisher is given it. */
export interface TokenizationVerificationEnd {
  row: TransactionRow;
  /** The card's stamp, revealed with its token once the card is kept. */
  stamp: string | null;
  pending: Extract<PendingOperation, { kind: "tokenization" }>;
  outcome: AuthenticationOutcome;
}

/** A verification's end as a payment's or authorization's finisher is given it. */
export interface PaymentVerificationEnd {
  row: TransactionRow;
  pending: Extract<PendingOperation, { kind: "deferred_authorization" }>;
  outcome: AuthenticationOutcome;
}

/** What ends a verification of one kind: the operation waiting behind the challenge makes its transaction final. */
export interface VerificationFinishers {
  tokenization(deps: GatewayDeps, end: TokenizationVerificationEnd): Promise<FinishResult>;
  deferred_authorization(deps: GatewayDeps, end: PaymentVerificationEnd): Promise<FinishResult>;
}

/**
 * The issuer's flow and the expiry sweep: the gateway's services and the finishers by pending kind, which the
 * runtime and the HTTP edge hand in (`payments/verification-finishers.ts`), so that 3-D Secure, below payments and
 * tokenizations, never imports them.
 */
export type IssuerFlowDeps = GatewayDeps & { verificationFinishers: VerificationFinishers };

/**
 * Ends a 3-D Secure verification — the shopper answered, gave up, or ran out of time — and makes its transaction
 * final, exactly once, by the operation that waits behind the challenge: a tokenization applies the acquirer's
 * check made before it; a payment or authorization asks the acquirer only now. Each ends the challenge with the
 * claims of `challenge-claims.ts`, so of two concurrent ends one alone changes anything.
 */
export async function finishVerification(
  deps: IssuerFlowDeps,
  challenge: Pick<ThreeDSecureChallengeRow, "transactionUid" | "pendingOperation">,
  outcome: AuthenticationOutcome,
): Promise<FinishResult> {
  const [found] = await deps.db
    .select({ transaction: transactions, stamp: cards.stamp })
    .from(transactions)
    .leftJoin(cards, eq(cards.token, transactions.cardToken))
    .where(eq(transactions.uid, challenge.transactionUid));
  const row = found?.transaction;
  if (row?.status !== "incomplete") return { finished: false };
  // Written by the gateway with its `kind` (migration 0025 gave older rows theirs).
  const pending = challenge.pendingOperation as PendingOperation;
  const finishers = deps.verificationFinishers;
  switch (pending.kind) {
    case "tokenization":
      return finishers.tokenization(deps, { row, stamp: found.stamp ?? null, pending, outcome });
    case "deferred_authorization":
      return finishers.deferred_authorization(deps, { row, pending, outcome });
  }
}
