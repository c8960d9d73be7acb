import { and, eq, sql } from "drizzle-orm";
import { threeDSecureChallenges } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { transactionAwaitingVerification, verifyWithMerchant } from "../notifications/merchant-verification";
import { endableAsExpired, type FinishResult, waitingOnShopper } from "../three-d-secure/challenge-claims";
import type { TokenizationVerificationEnd } from "../three-d-secure/finish-verification";
import {
  failedVerificationMessage,
  finishedVerification,
  outcomePassed,
} from "../three-d-secure/verification-result";
import { finishTransactions } from "../transactions/finish-transactions";
import { type OwnBody, ownColumns, type TokenizationResult } from "../transactions/own-body";
import { transactionWithoutChildren } from "../transactions/transaction-view";

/**
 * Ends the 3-D Secure verification of a tokenization and makes its transaction final, exactly once.
 *
 * One transaction claims the challenge with a conditional update on its stage — a second completion, concurrent
 * or later, on this instance or another, matches no row and changes nothing — and in the same commit updates the
 * transaction, removes the card of a failed one, and writes the notification outbox row. When the shopper
 * passed, the acquirer's check of the card, made before the challenge, decides.
 *
 * When the merchant's `verification_url` is to be asked, it is asked by one request only, outside any database
 * transaction (it may take seconds): the challenge is first moved to `verifying` by a conditional update, so a
 * second correct answer (a double submit, another tab) finds it claimed instead of asking the merchant again; the
 * claimant then ends it from `verifying`.
 *
 * `outcome` "expired" only applies to a challenge past its expiry (or a stale claim), every other outcome only to
 * one that is not: a shopper answering at the last moment and the expiry sweep cannot both win.
 */
export async function finishTokenizationVerification(
  deps: GatewayDeps,
  options: TokenizationVerificationEnd,
): Promise<FinishResult> {
  const { row, pending, outcome } = options;
  const uid = row.uid;
  const started = row.body as OwnBody;
  const columns = ownColumns(row);
  const startedResult = started.result as TokenizationResult;
  const verification = finishedVerification(
    started.three_d_secure_verification,
    started.credit_card.brand ?? "unknown",
    outcome,
  );
  let result: { status: "successful" | "failed"; message: string };
  if (outcomePassed(outcome)) {
    result = { status: pending.verification.status, message: pending.verification.message };
  } else {
    result = { status: "failed", message: failedVerificationMessage(outcome) };
  }
  const successful = result.status === "successful";
  const body: OwnBody = {
    ...started,
    message: result.message,
    three_d_secure_verification: verification,
    result: { ...startedResult, status: result.status, message: result.message },
    // The stamp is revealed with the token, once the card is kept for good (see tokenizeCard).
    credit_card: {
      ...started.credit_card,
      token: successful ? row.cardToken : null,
      stamp: successful ? options.stamp : null,
    },
  };

  const now = deps.clock.sqlNow();
  const asksMerchant = successful && Boolean(started.verification_url);
  if (asksMerchant) {
    const [claimed] = await deps.db
      .update(threeDSecureChallenges)
      .set({ stage: "verifying", updatedAt: sql`${now}` })
      .where(and(eq(threeDSecureChallenges.transactionUid, uid), waitingOnShopper(now, true)))
      .returning({ uid: threeDSecureChallenges.transactionUid });
    if (!claimed) return { finished: false };
    const shop = await deps.shops.get(row.shopId);
    const asked = { ...body, message: null, result: startedResult, credit_card: started.credit_card };
    const verdict = shop
      ? await verifyWithMerchant(
          deps,
          shop,
          transactionAwaitingVerification(uid, columns, asked, row.createdAt),
        )
      : { approved: false as const, message: "Shop not found" };
    if (!verdict.approved) {
      body.message = verdict.message;
      body.result = { ...startedResult, status: "failed", message: verdict.message };
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
    const kept = result.status === "successful";
    const [ended] = await finishTransactions(tx, deps, [
      {
        uid,
        shopId: row.shopId,
        status: result.status,
        columns,
        body,
        keepCard: kept,
        // The card was kept only for this verification: a failed one leaves nothing of it behind.
        discardCard: kept ? null : row.cardToken,
        notificationUrl: body.notification_url ?? null,
      },
    ]);
    // The challenge and its transaction change together; anything else is corrupt data, and rolls back.
    if (!ended) throw new Error(`3-D Secure challenge ${uid} has no incomplete transaction`);
    return ended;
  });
  if (!final) return { finished: false };
  if (body.notification_url) deps.outbox.nudge();
  deps.logger.info(
    { transactionUid: uid, shopId: row.shopId, outcome, status: final.status },
    "3-D Secure verification finished",
  );
  return { finished: true, transaction: transactionWithoutChildren(final) };
}
