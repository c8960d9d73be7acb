import { eq } from "drizzle-orm";
import { cards, type ThreeDSecureChallengeRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { finishPaymentVerification } from "../payments/finish-payment-verification";
import { finishTokenizationVerification } from "../tokenization/finish-tokenization-verification";
import type { FinishResult } from "./challenge-claims";
import type { PendingOperation } from "./pending-operation";
import type { AuthenticationOutcome } from "./verification-result";

/**
 * Ends a 3-D Secure verification — the shopper answered, gave up, or ran out of time — and makes its transaction
 * final, exactly once, by the operation that waits behind the challenge: a tokenization applies the acquirer's
 * check made before it; a payment or authorization asks the acquirer only now. Each ends the challenge with the
 * claims of `challenge-claims.ts`, so of two concurrent ends one alone changes anything.
 */
export async function finishVerification(
  deps: GatewayDeps,
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
  switch (pending.kind) {
    case "tokenization":
      return finishTokenizationVerification(deps, { row, stamp: found.stamp ?? null, pending, outcome });
    case "deferred_authorization":
      return finishPaymentVerification(deps, { row, pending, outcome });
  }
}
