import { and, eq, gt, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import {
  cards,
  notificationDeliveries,
  type ThreeDSecureChallengeRow,
  threeDSecureChallenges,
  transactions,
} from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { newDeliveryId } from "../notifications/delivery-id";
import {
  transactionAwaitingVerification,
  VERIFICATION_TIMEOUT_MS,
  verifyWithMerchant,
} from "../notifications/merchant-verification";
import { finishPaymentVerification, isDeferredAuthorization } from "../payments/finish-payment-verification";
import { type TransactionBody, transactionFromRow } from "../tokenization/build-transaction";
import type { AcquirerDecision } from "../tokenization/sandbox-acquirer";
import {
  type AuthenticationOutcome,
  failedVerificationMessage,
  finishedVerification,
  outcomePassed,
  WRONG_CODE_LIMIT,
} from "./verification-result";

export type FinishResult =
  /** This call ended the verification; the transaction is now final. */
  | { finished: true; transaction: Transaction }
  /** Someone else ended it first (another request, another instance, the expiry sweep); nothing changed. */
  | { finished: false };

/**
 * How long a request may hold a challenge in the `verifying` stage while it asks the merchant's verification_url:
 * the merchant's deadline and a margin. A claim older than this was left by an instance that stopped while
 * asking; the verification then ends as expired (failed), like one the shopper never finished.
 */
export const VERIFYING_LEASE_SECONDS = VERIFICATION_TIMEOUT_MS / 1000 + 20;

/** The challenges still waiting on the shopper (not claimed, not finished). */
const WAITING_ON_SHOPPER = ["method", "challenge"] as const;

/**
 * A challenge the shopper may still answer: not claimed, not finished, not expired. To pass it, also one whose
 * wrong codes have not reached the limit: the count and the claim are checked in the same statement, so a correct
 * code arriving (on any instance) just after the last wrong one was counted cannot win over it.
 */
export function waitingOnShopper(now: SQL, passing: boolean): SQL {
  return and(
    inArray(threeDSecureChallenges.stage, WAITING_ON_SHOPPER),
    gt(threeDSecureChallenges.expiresAt, now),
    passing ? lt(threeDSecureChallenges.failedAttempts, WRONG_CODE_LIMIT) : undefined,
  ) as SQL;
}

/**
 * A challenge that may be ended as expired now: its shopper ran out of time, or its claim went stale. The same
 * rule for a loaded row is `mayEndAsExpired`.
 */
export function endableAsExpired(now: SQL): SQL {
  return or(
    and(
      inArray(threeDSecureChallenges.stage, WAITING_ON_SHOPPER),
      lte(threeDSecureChallenges.expiresAt, now),
    ),
    and(
      eq(threeDSecureChallenges.stage, "verifying"),
      lte(threeDSecureChallenges.updatedAt, sql`${now} - make_interval(secs => ${VERIFYING_LEASE_SECONDS})`),
    ),
  ) as SQL;
}

/** Whether a `verifying` challenge's claim has outlived its lease (by the gateway's clock). */
export function isStaleClaim(challenge: Pick<ThreeDSecureChallengeRow, "updatedAt">, now: Date): boolean {
  return challenge.updatedAt.getTime() + VERIFYING_LEASE_SECONDS * 1000 <= now.getTime();
}

/** `endableAsExpired` for a challenge already loaded, to decide whether to try. */
export function mayEndAsExpired(
  challenge: Pick<ThreeDSecureChallengeRow, "stage" | "expiresAt" | "updatedAt">,
  now: Date,
): boolean {
  if (challenge.stage === "verifying") return isStaleClaim(challenge, now);
  return challenge.stage !== "finished" && challenge.expiresAt.getTime() <= now.getTime();
}

/**
 * Ends a 3-D Secure verification and makes its transaction final, exactly once.
 *
 * One transaction claims the challenge with a conditional update on its stage — a second completion, concurrent
 * or later, on this instance or another, matches no row and changes nothing — and in the same commit updates the
 * transaction, removes the card of a failed one, and writes the notification outbox row.
 *
 * When the merchant's `verification_url` is to be asked, it is asked by one request only, outside any database
 * transaction (it may take seconds): the challenge is first moved to `verifying` by a conditional update, so a
 * second correct answer (a double submit, another tab) finds it claimed instead of asking the merchant again; the
 * claimant then ends it from `verifying`.
 *
 * `outcome` "expired" only applies to a challenge past its expiry (or a stale claim), every other outcome only to
 * one that is not: a shopper answering at the last moment and the expiry sweep cannot both win.
 */
export async function finishVerification(
  deps: GatewayDeps,
  challenge: Pick<ThreeDSecureChallengeRow, "transactionUid" | "shopId" | "acquirerDecision">,
  outcome: AuthenticationOutcome,
): Promise<FinishResult> {
  const uid = challenge.transactionUid;
  const [found] = await deps.db
    .select({ transaction: transactions, stamp: cards.stamp })
    .from(transactions)
    .leftJoin(cards, eq(cards.token, transactions.cardToken))
    .where(eq(transactions.uid, uid));
  const row = found?.transaction;
  if (row?.status !== "incomplete") return { finished: false };
  // A payment or authorization asks the acquirer only now, once the shopper has passed.
  if (isDeferredAuthorization(challenge.acquirerDecision)) {
    return finishPaymentVerification(deps, { row, deferred: challenge.acquirerDecision, outcome });
  }
  const started = row.body as TransactionBody;
  const verification = finishedVerification(
    started.three_d_secure_verification,
    started.credit_card.brand ?? "unknown",
    outcome,
  );
  let result: { status: "successful" | "failed"; message: string };
  if (outcomePassed(outcome)) {
    const acquirer = challenge.acquirerDecision as AcquirerDecision;
    result = { status: acquirer.status, message: acquirer.message };
  } else {
    result = { status: "failed", message: failedVerificationMessage(outcome) };
  }
  const successful = result.status === "successful";
  const body: TransactionBody = {
    ...started,
    message: result.message,
    three_d_secure_verification: verification,
    tokenization: started.tokenization && {
      ...started.tokenization,
      status: result.status,
      message: result.message,
    },
    // The stamp is revealed with the token, once the card is kept for good (see tokenizeCard).
    credit_card: {
      ...started.credit_card,
      token: successful ? row.cardToken : null,
      stamp: successful ? (found.stamp ?? null) : null,
    },
  };

  const now = deps.clock.sqlNow();
  const fixedTime = deps.clock.isFixed ? deps.clock.now() : null;
  const asksMerchant = successful && Boolean(started.verification_url);
  if (asksMerchant) {
    const [claimed] = await deps.db
      .update(threeDSecureChallenges)
      .set({ stage: "verifying", updatedAt: sql`${now}` })
      .where(and(eq(threeDSecureChallenges.transactionUid, uid), waitingOnShopper(now, true)))
      .returning({ uid: threeDSecureChallenges.transactionUid });
    if (!claimed) return { finished: false };
    const shop = await deps.shops.get(challenge.shopId);
    const asked = {
      ...body,
      message: null,
      tokenization: started.tokenization,
      credit_card: started.credit_card,
    };
    const verdict = shop
      ? await verifyWithMerchant(deps, shop, transactionAwaitingVerification(uid, asked, row.createdAt))
      : { approved: false as const, message: "Shop not found" };
    if (!verdict.approved) {
      body.message = verdict.message;
      body.tokenization = started.tokenization && {
        ...started.tokenization,
        status: "failed",
        message: verdict.message,
      };
      body.credit_card = { ...started.credit_card, token: null, stamp: null };
      result = { status: "failed", message: verdict.message };
    }
  }

  // A call that asked the merchant holds the claim it took above; any other ends a challenge waiting on the shopper
  // (or, as "expired", one whose time or claim ran out).
  const endable = asksMerchant
    ? eq(threeDSecureChallenges.stage, "verifying")
    : outcome === "expired"
      ? endableAsExpired(now)
      : waitingOnShopper(now, outcomePassed(outcome));
  const final = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(threeDSecureChallenges)
      .set({ stage: "finished", finishedAt: sql`${now}`, updatedAt: sql`${now}` })
      .where(and(eq(threeDSecureChallenges.transactionUid, uid), endable))
      .returning({ uid: threeDSecureChallenges.transactionUid });
    if (!claimed) return null;
    const cardToken = result.status === "successful" ? row.cardToken : null;
    const [updated] = await tx
      .update(transactions)
      .set({ status: result.status, body, cardToken, updatedAt: sql`${now}` })
      .where(and(eq(transactions.uid, uid), eq(transactions.status, "incomplete")))
      .returning();
    // The challenge and its transaction change together; anything else is corrupt data, and rolls back.
    if (!updated) throw new Error(`3-D Secure challenge ${uid} has no incomplete transaction`);
    // The card was kept only for this verification: a failed one leaves nothing of it behind.
    if (result.status === "failed" && row.cardToken) {
      await tx.delete(cards).where(eq(cards.token, row.cardToken));
    }
    if (body.notification_url) {
      await tx.insert(notificationDeliveries).values({
        id: newDeliveryId(),
        shopId: row.shopId,
        transactionUid: uid,
        url: body.notification_url,
        ...(fixedTime ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime } : {}),
      });
    }
    return updated;
  });
  if (!final) return { finished: false };
  if (body.notification_url) deps.outbox.nudge();
  deps.logger.info(
    { transactionUid: uid, shopId: row.shopId, outcome, status: final.status },
    "3-D Secure verification finished",
  );
  return { finished: true, transaction: transactionFromRow(final) };
}
