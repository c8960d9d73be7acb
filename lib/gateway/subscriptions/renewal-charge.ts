/**
 * Renewals, step 3 of 4 — charge: each decided attempt asks the acquirer through the payments' money path, or, when
 * it was decided before (an instance died during it), finds or finishes the transaction it left.
 */
import { eq } from "drizzle-orm";
import { isCountryCode } from "@/lib/contracts/countries";
import type { BillingAddress, CustomerDetails } from "@/lib/contracts/tokenization";
import { type CustomerRow, type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { chargeStoredCard } from "../payments/charge-stored-card";
import { recoverUnansweredPayment } from "../payments/recover-unanswered";
import { storedResult } from "../transactions/transaction-view";
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
  return {
    status: row.status === "successful" ? "successful" : row.status === "error" ? "error" : "failed",
    bankCode: storedResult(row)?.bank_code ?? null,
    transactionUid: row.uid,
  };
}

async function readTransaction(deps: Pick<GatewayDeps, "db">, uid: string): Promise<TransactionRow | null> {
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
  // Decided only for subscriptions with a card.
  const token = subscription.cardToken;
  if (token === null) throw new Error(`Subscription ${subscription.id} has no card to charge`);
  try {
    const transaction = await chargeStoredCard({
      deps,
      shop,
      token,
      amount: cycle.amount,
      currency: plan.currency,
      description: plan.title.slice(0, 255),
      trackingId: subscription.trackingId ?? undefined,
      test: subscription.test,
      language: subscription.language ?? plan.language ?? undefined,
      contract: "recurring",
      customer: customer ? customerDetailsOf(customer) : undefined,
      billingAddress: customer ? billingAddressOf(customer) : undefined,
      uid: attempt.uid,
      subscriptionId: subscription.id,
      // Renewals of one plan are the same card and amount by design: the cycle's key keeps them apart. The first
      // charge is a shopper's payment like any other, and meets the check.
      duplicateCheck: first,
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

/** The customer's part of a renewal's transaction: who is charged. */
function customerDetailsOf(customer: CustomerRow): CustomerDetails {
  return { email: customer.email, ip: customer.ip ?? undefined };
}

/** The customer's address, sent as the charge's billing address (a customer's record keeps its rules). */
function billingAddressOf(customer: CustomerRow): BillingAddress {
  return {
    first_name: customer.firstName ?? undefined,
    last_name: customer.lastName ?? undefined,
    address: customer.address ?? undefined,
    city: customer.city ?? undefined,
    // Stored from a validated customer request: always a country code, or none.
    country: isCountryCode(customer.country) ? customer.country : undefined,
    zip: customer.zip ?? undefined,
    state: customer.state ?? undefined,
    phone: customer.phone ?? undefined,
  };
}
