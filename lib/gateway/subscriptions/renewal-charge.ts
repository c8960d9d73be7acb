/**
 * Renewals, step 3 of 4 — charge: each decided attempt asks the acquirer through the payments' money path, or, when
 * it was decided before (an instance died during it), finds or finishes the transaction it left.
 */
import { eq } from "drizzle-orm";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { createPayment } from "../payments/create-payment";
import { recoverUnansweredPayment } from "../payments/recover-unanswered";
import type { TransactionBody } from "../transactions/build-transaction";
import { moneyResultOf } from "../transactions/money-transaction-body";
import type { Attempt } from "./renewal-decide";

export interface ChargeOutcome {
  status: "successful" | "failed" | "error";
  bankCode: string | null;
  /** Null when the charge was refused before any transaction was written (e.g. the stored card expired). */
  transactionUid: string | null;
  /** Refused before the acquirer was asked because the stored card has expired. */
  cardExpired?: boolean;
}

function outcomeOfRow(row: TransactionRow): ChargeOutcome | null {
  if (row.status === "incomplete") return null;
  const body = row.body as TransactionBody;
  return {
    status: row.status === "successful" ? "successful" : row.status === "error" ? "error" : "failed",
    bankCode: moneyResultOf(body)?.bank_code ?? null,
    transactionUid: row.uid,
  };
}

async function readTransaction(deps: GatewayDeps, uid: string): Promise<TransactionRow | null> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return row ?? null;
}

export async function chargeAttempt(
  deps: GatewayDeps,
  attempt: Attempt,
  first: boolean,
): Promise<ChargeOutcome | null> {
  if (attempt.resumed) {
    const existing = await readTransaction(deps, attempt.uid);
    if (existing) {
      if (existing.status !== "incomplete") return outcomeOfRow(existing);
      // Written, then the instance died before the acquirer's answer was stored: ask again with the same key.
      await recoverUnansweredPayment(deps, existing);
      const recovered = await readTransaction(deps, attempt.uid);
      return recovered ? outcomeOfRow(recovered) : null;
    }
    // Never written, so never asked: the attempt is made now, under the same uid.
  }
  const { subscription, plan, cycle, customer } = attempt;
  const shop = await deps.shops.get(subscription.shopId);
  if (!shop) throw new Error(`Subscription ${subscription.id}: shop ${subscription.shopId} not found`);
  const request = {
    amount: cycle.amount,
    currency: plan.currency,
    description: plan.title.slice(0, 255),
    tracking_id: subscription.trackingId ?? undefined,
    test: subscription.test,
    language: subscription.language ?? plan.language ?? undefined,
    // Renewals of one plan are the same card and amount by design: the cycle's key keeps them apart. The first
    // charge is a shopper's payment like any other, and meets the check.
    duplicate_check: first,
    credit_card: { token: subscription.cardToken },
    additional_data: { contract: ["recurring"] },
    customer: customer ? { email: customer.email, ip: customer.ip } : undefined,
    billing_address: customer
      ? {
          first_name: customer.firstName ?? undefined,
          last_name: customer.lastName ?? undefined,
          address: customer.address ?? undefined,
          city: customer.city ?? undefined,
          country: customer.country ?? undefined,
          zip: customer.zip ?? undefined,
          state: customer.state ?? undefined,
          phone: customer.phone ?? undefined,
        }
      : undefined,
  };
  try {
    const transaction = await createPayment({
      deps,
      shop,
      body: { request },
      type: "payment",
      subscriptionCharge: { uid: attempt.uid, subscriptionId: subscription.id },
    });
    if (transaction.status === "incomplete") return null;
    return {
      status:
        transaction.status === "successful"
          ? "successful"
          : transaction.status === "error"
            ? "error"
            : "failed",
      bankCode: transaction.payment?.bank_code ?? null,
      transactionUid: transaction.uid,
    };
  } catch (error) {
    // The stored card can no longer be charged (expired, gone), or the shop's rules refuse the charge: nothing was
    // written and no money moved; a retry could not do better.
    if (
      error instanceof GatewayError &&
      (error.code === "card_not_chargeable" || error.code === "validation_failed")
    ) {
      deps.logger.warn(
        { subscriptionId: subscription.id, reason: error.details.reason, errors: error.details.errors },
        "renewal refused",
      );
      const cardExpired = error.code === "card_not_chargeable" && error.details.reason === "expired";
      return { status: "failed", bankCode: null, transactionUid: null, cardExpired };
    }
    throw error;
  }
}
