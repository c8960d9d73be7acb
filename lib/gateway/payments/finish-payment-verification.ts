import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { MoneyType } from "@/lib/contracts/money-result";
import { cards, threeDSecureChallenges } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { transactionAwaitingVerification, verifyWithMerchant } from "../notifications/merchant-verification";
import {
  endableAsExpired,
  type FinishResult,
  VERIFYING_LEASE_SECONDS,
  waitingOnShopper,
} from "../three-d-secure/challenge-claims";
import type { PaymentVerificationEnd } from "../three-d-secure/finish-verification";
import {
  failedVerificationMessage,
  finishedVerification,
  outcomePassed,
} from "../three-d-secure/verification-result";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { type OwnBody, ownColumns } from "../transactions/own-body";
import { transactionWithoutChildren } from "../transactions/transaction-view";
import { revealCardNumber } from "../vault/card-vault";
import { askAcquirer } from "./ask-acquirer";
import { finishPaymentTransaction } from "./finish-payment-transaction";
import {
  finishedMoneyBody,
  type MoneyOutcome,
  outcomeFromAnswer,
  receiptUrl,
  refusedOutcome,
} from "./money-outcome";
import { authorizationExpiry } from "./parent-amounts";

/**
 * Ends the 3-D Secure verification of a payment or authorization, exactly once (see finishVerification, whose
 * claims it shares). When the shopper passed, the challenge is first claimed (`verifying`) so that one request
 * alone goes on: it asks the merchant's verification_url if there is one, then the acquirer — nothing was charged
 * before this point — and stores the answer with the end of the challenge. The security code is not sent: it is
 * never kept for the length of a challenge; the 3-D Secure authentication goes with the authorization instead.
 */
export async function finishPaymentVerification(
  deps: GatewayDeps,
  options: PaymentVerificationEnd,
): Promise<FinishResult> {
  const { row, pending } = options;
  let { outcome } = options;
  const uid = row.uid;
  const started = row.body as OwnBody;
  const type = row.type as MoneyType;
  const columns = ownColumns(row);
  const gatewayId = started.result?.gateway_id ?? 0;
  const now = deps.clock.sqlNow();
  const verifying = eq(threeDSecureChallenges.stage, "verifying");

  // A claim gone stale (`expired` from the sweep) was taken by a request that stopped after the shopper passed,
  // perhaps after the acquirer had already charged: the sweep takes the claim over and asks again with the same
  // idempotency key, which answers as before — rather than fail a payment whose money may have moved.
  let resumed = false;
  if (outcome === "expired") {
    const [stale] = await deps.db
      .update(threeDSecureChallenges)
      .set({ updatedAt: sql`${now}` })
      .where(
        and(
          eq(threeDSecureChallenges.transactionUid, uid),
          verifying,
          lte(
            threeDSecureChallenges.updatedAt,
            sql`${now} - make_interval(secs => ${VERIFYING_LEASE_SECONDS})`,
          ),
        ),
      )
      .returning({ scenario: threeDSecureChallenges.scenario });
    if (stale) {
      resumed = true;
      outcome = stale.scenario === "attempted" ? "attempted" : "authenticated";
    }
  }
  const verification = finishedVerification(
    started.three_d_secure_verification,
    started.credit_card.brand ?? "unknown",
    outcome,
  );
  const claimWhere = (endable: SQL) => async (tx: DatabaseTransaction) => {
    const [claimed] = await tx
      .update(threeDSecureChallenges)
      .set({ stage: "finished", finishedAt: sql`${now}`, updatedAt: sql`${now}` })
      .where(and(eq(threeDSecureChallenges.transactionUid, uid), endable))
      .returning({ uid: threeDSecureChallenges.transactionUid });
    return claimed !== undefined;
  };
  const end = async (
    result: MoneyOutcome,
    endable: SQL,
    card: { stamp: string; heldForCharge: boolean } | null = null,
  ): Promise<FinishResult> => {
    // A card held only for this charge goes with its end; its token is never shown.
    const heldForCharge = card?.heldForCharge ?? false;
    const final = await finishPaymentTransaction(deps, {
      uid,
      shopId: row.shopId,
      status: result.status,
      columns,
      body: finishedMoneyBody(started, {
        type,
        outcome: result,
        token: heldForCharge ? null : row.cardToken,
        stamp: card?.stamp ?? null,
        at: deps.clock.now(),
        receiptUrl: receiptUrl(deps.config.gatewayPublicUrl, uid),
        verification,
        authorizationExpiresAt: await authorizationExpiry(deps, { ...row, status: result.status }),
      }),
      cardToken: row.cardToken,
      ownsCard: pending.ownsCard,
      heldForCharge,
      claim: claimWhere(endable),
    });
    if (!final) return { finished: false };
    deps.logger.info(
      { transactionUid: uid, shopId: row.shopId, outcome, resumed, status: final.status },
      "3-D Secure verification finished",
    );
    return { finished: true, transaction: transactionWithoutChildren(final) };
  };

  if (!outcomePassed(outcome)) {
    const endable = outcome === "expired" ? endableAsExpired(now) : waitingOnShopper(now, false);
    return end(refusedOutcome(failedVerificationMessage(outcome), gatewayId), endable);
  }
  if (!resumed) {
    // One request goes on from here; a second correct answer finds the challenge claimed.
    const [claimed] = await deps.db
      .update(threeDSecureChallenges)
      .set({ stage: "verifying", updatedAt: sql`${now}` })
      // Passing: the same statement checks the count of wrong codes (see waitingOnShopper).
      .where(and(eq(threeDSecureChallenges.transactionUid, uid), waitingOnShopper(now, true)))
      .returning({ uid: threeDSecureChallenges.transactionUid });
    if (!claimed) return { finished: false };
  }

  if (started.verification_url) {
    const shop = await deps.shops.get(row.shopId);
    const asked = { ...started, three_d_secure_verification: verification };
    const verdict = shop
      ? await verifyWithMerchant(
          deps,
          shop,
          transactionAwaitingVerification(uid, columns, asked, row.createdAt),
        )
      : { approved: false as const, message: "Shop not found" };
    if (!verdict.approved) return end(refusedOutcome(verdict.message, gatewayId), verifying);
  }

  const [card] = row.cardToken
    ? await deps.db.select().from(cards).where(eq(cards.token, row.cardToken))
    : [];
  if (!card) throw new Error(`Payment ${uid} waits on 3-D Secure without its card`);
  const answer = await askAcquirer(deps, {
    operation: "authorize",
    idempotencyKey: uid,
    card: {
      number: await revealCardNumber(deps.keyring, card),
      expMonth: started.credit_card.exp_month,
      expYear: started.credit_card.exp_year,
      holder: started.credit_card.holder,
      verificationValue: null,
    },
    amount: row.amount,
    currency: row.currency,
    capture: type === "payment",
    merchantInitiated: false,
    threeDSecure: { eci: verification.eci, cavv: verification.cavv },
    billingDescriptor: started.dynamic_billing_descriptor,
    test: row.test,
  });
  return end(outcomeFromAnswer(type, answer, gatewayId), verifying, card);
}
