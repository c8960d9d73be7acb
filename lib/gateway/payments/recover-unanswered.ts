import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { MoneyType } from "@/lib/contracts/money-result";
import {
  cards,
  type TransactionRow,
  threeDSecureChallenges,
  transactions,
  transactionsInFlight,
} from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { type OwnBody, ownColumns } from "../transactions/own-body";
import { revealCardNumber } from "../vault/card-vault";
import { askAcquirer } from "./ask-acquirer";
import { finishPaymentTransaction } from "./finish-payment-transaction";
import { finishedMoneyBody, outcomeFromAnswer, receiptUrl } from "./money-outcome";
import { authorizationExpiry } from "./parent-amounts";

/**
 * How long a payment may wait for its acquirer answer before it counts as abandoned: far longer than any acquirer
 * call of a live request (the sandbox's slow answer takes 3 s).
 */
export const UNANSWERED_AFTER_SECONDS = 120;
const BATCH_SIZE = 50;

/** What is recorded for a payout to card data whose answer was lost: its card was never kept to ask again with. */
export const ANSWER_LOST = "Processor error: the acquirer's answer was lost";

/**
 * Finishes the payments, authorizations and payouts whose request stopped between writing the transaction and
 * storing the acquirer's answer (`incomplete` with no 3-D Secure challenge, for longer than a live request takes):
 * the acquirer is asked again with the same idempotency key — it answers as it did the first time, or, if the
 * first call never reached it, now — and the answer is stored as a live request would have. Several instances may
 * sweep at once: the store is conditional on the row still being `incomplete`.
 */
export async function recoverUnansweredPayments(deps: GatewayDeps): Promise<number> {
  const now = deps.clock.sqlNow();
  const rows = await deps.db
    .select({ transaction: transactions })
    // The transactions that have not ended, not every transaction (migration 0029).
    .from(transactionsInFlight)
    .innerJoin(transactions, eq(transactions.uid, transactionsInFlight.uid))
    .leftJoin(threeDSecureChallenges, eq(threeDSecureChallenges.transactionUid, transactions.uid))
    .where(
      and(
        inArray(transactionsInFlight.type, ["payment", "authorization", "credit"]),
        lte(transactionsInFlight.createdAt, sql`${now} - make_interval(secs => ${UNANSWERED_AFTER_SECONDS})`),
        eq(transactions.status, "incomplete"),
        isNull(threeDSecureChallenges.transactionUid),
      ),
    )
    .orderBy(asc(transactionsInFlight.createdAt))
    .limit(BATCH_SIZE);
  let recovered = 0;
  for (const { transaction: row } of rows) {
    if (await recoverUnansweredPayment(deps, row)) recovered += 1;
  }
  return recovered;
}

/**
 * Asks the acquirer again, with the same idempotency key, about one payment, authorization or payout written
 * `incomplete` whose answer was never stored, and stores the answer; false when another request or instance stored
 * one first. (A subscription's renewal calls it for its own charge when it finds one left unanswered.)
 */
export async function recoverUnansweredPayment(deps: GatewayDeps, row: TransactionRow): Promise<boolean> {
  {
    const started = row.body as OwnBody;
    const type = row.type as MoneyType;
    const gatewayId = started.result?.gateway_id ?? 0;
    const [card] = row.cardToken
      ? await deps.db.select().from(cards).where(eq(cards.token, row.cardToken))
      : [];
    const presented = card
      ? {
          number: await revealCardNumber(deps.keyring, card),
          expMonth: started.credit_card.exp_month,
          expYear: started.credit_card.exp_year,
          holder: started.credit_card.holder,
          verificationValue: null,
        }
      : null;
    const common = { idempotencyKey: row.uid, amount: row.amount, currency: row.currency, test: row.test };
    const answer = !presented
      ? null
      : type === "credit"
        ? await askAcquirer(deps, {
            operation: "credit",
            ...common,
            card: presented,
            billingDescriptor: started.dynamic_billing_descriptor,
          })
        : await askAcquirer(deps, {
            operation: "authorize",
            ...common,
            card: presented,
            capture: type === "payment",
            // Asked again by its key, the acquirer answers the first call's terms.
            merchantInitiated: false,
            threeDSecure: started.three_d_secure_verification.eci
              ? {
                  eci: started.three_d_secure_verification.eci,
                  cavv: started.three_d_secure_verification.cavv,
                }
              : null,
            billingDescriptor: started.dynamic_billing_descriptor,
          });
    const outcome = outcomeFromAnswer(
      type,
      answer ?? {
        status: "error",
        message: ANSWER_LOST,
        bankCode: "91",
        authCode: null,
        rrn: null,
        refId: null,
        billingDescriptor: null,
      },
      gatewayId,
    );
    const finished = await finishPaymentTransaction(deps, {
      uid: row.uid,
      shopId: row.shopId,
      status: outcome.status,
      columns: ownColumns(row),
      body: finishedMoneyBody(started, {
        type,
        outcome,
        token: card?.heldForCharge ? null : row.cardToken,
        stamp: card?.stamp ?? null,
        at: deps.clock.now(),
        receiptUrl: receiptUrl(deps.config.gatewayPublicUrl, row.uid),
        authorizationExpiresAt: await authorizationExpiry(deps, { ...row, status: outcome.status }),
      }),
      cardToken: row.cardToken,
      // Whether the card was stored for this transaction or named by a token is not on record: it stays (its token
      // is not shown for a charge that did not succeed) — unless it was held only for this charge.
      ownsCard: false,
      heldForCharge: card?.heldForCharge ?? false,
    });
    if (finished) {
      deps.logger.warn(
        { transactionUid: row.uid, type, status: outcome.status },
        "unanswered payment recovered",
      );
    }
    return finished !== null;
  }
}

/**
 * Finishes at once, as the sweep would later, a payment, authorization or payout whose request is known to be over
 * (its idempotency key `held`: the request ended without an answer after writing it), so that the merchant's repeat
 * gets its answer now rather than a 409 until the sweep's turn. Nothing else can still be waiting on it, and asking
 * the acquirer again by the same key moves no money twice. A transaction waiting for its shopper (a 3-D Secure
 * challenge), or of another type, is left as it is.
 */
export async function finishAbandonedPayment(deps: GatewayDeps, shopId: number, uid: string): Promise<void> {
  const [found] = await deps.db
    .select({ transaction: transactions, challenge: threeDSecureChallenges.transactionUid })
    .from(transactions)
    .leftJoin(threeDSecureChallenges, eq(threeDSecureChallenges.transactionUid, transactions.uid))
    .where(and(eq(transactions.uid, uid), eq(transactions.shopId, shopId)));
  if (!found || found.challenge !== null) return;
  const row = found.transaction;
  if (row.status !== "incomplete" || !["payment", "authorization", "credit"].includes(row.type)) return;
  await recoverUnansweredPayment(deps, row);
}
