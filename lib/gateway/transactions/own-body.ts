import type { MoneyResult } from "@/lib/contracts/money-result";
import type { Transaction } from "@/lib/contracts/transaction";
import type { TransactionRow } from "@/lib/db/schema";
import { isParentType, type ParentFacts, parentAmounts } from "./parent-amounts";
import type { TransactionBody } from "./transaction-body";

/** A tokenization's result object (`"tokenization": {…}`). */
export type TokenizationResult = NonNullable<Transaction["tokenization"]>;

/**
 * What a tokenization, payment, authorization or payout — a transaction written on its own request, with no parent —
 * stores in its `body`: its facts, no more. Its type, amount, currency, tracking id and test flag are columns; its
 * `amounts` are its children's totals (columns kept by tessera_finish_child); the rest of its response is rendered
 * from these at read (`renderOwnBody`), so nothing is stored twice and no stored JSON is rewritten but by its end.
 * Keys that echo the request keep the names the response gives them.
 */
export type OwnBody = Pick<
  TransactionBody,
  | "message"
  | "description"
  | "language"
  | "paid_at"
  | "redirect_url"
  | "duplicate_check"
  | "dynamic_billing_descriptor"
  | "notification_url"
  | "verification_url"
  | "return_url"
  | "skip_three_d_secure_verification"
  | "force_three_d_secure_verification"
  | "three_d_secure"
  | "credit_card"
  | "three_d_secure_verification"
  | "additional_data"
  | "smart_routing_verification"
  | "customer"
  | "billing_address"
  | "travel"
> & {
  /** The acquirer's answer (a money transaction's), or the tokenization's result; rendered under the type's name. */
  result: MoneyResult | TokenizationResult;
  /** A money transaction's receipt page, once it succeeded; absent in a tokenization. */
  receipt_url?: string | null;
  /** An authorization's expiry, fixed when it succeeded; null otherwise, absent in anything else. */
  authorization_expires_at?: string | null;
  /** The subscription a payment was charged for; absent for anything else. */
  subscription_id?: string | null;
};

/** The columns a transaction without a parent is rendered with, beside its own body. */
export type OwnColumns = Pick<TransactionRow, "type" | "amount" | "currency" | "trackingId" | "test">;

/** A parent's row as its `amounts` are rendered (its totals; all nought before any child finished). */
export type OwnRow = OwnColumns & Pick<ParentFacts, "status" | "captured" | "voided" | "refunded">;

/**
 * A tokenization's, payment's, authorization's or payout's response body, as beGateway answers one. This literal and
 * the keys appended after it, in that order, fix the key order: a tokenization's result follows its 3-D Secure
 * verification, a money transaction's follows the card; a money transaction ends with `parent_uid` (always null: it
 * has no parent), its receipt, a payment's or authorization's `amounts` (`parentAmounts`) and, for a subscription's
 * charge, `subscription_id`.
 *
 * One literal, its runs spread from small objects, as a child's is (`renderChildBody`): V8 spreads a small object
 * into a literal quickly, but an object that was itself built by spreading, spread into another and extended, took
 * it 15 µs a body against 0.3 µs this way (docs/decisions.md, "Cheaper answers").
 */
export function renderOwnBody(row: OwnRow, own: OwnBody): TransactionBody {
  const body: Record<string, unknown> = {
    message: own.message,
    amount: row.amount,
    currency: row.currency,
    description: own.description,
    tracking_id: row.trackingId,
    language: own.language,
    type: row.type,
    payment_method_type: "credit_card",
    test: row.test,
    paid_at: own.paid_at,
    redirect_url: own.redirect_url,
    status_code: null,
    duplicate_check: own.duplicate_check,
    ...echoedFields(own),
    ...(row.type === "tokenization"
      ? {
          three_d_secure_verification: own.three_d_secure_verification,
          tokenization: own.result as TokenizationResult,
        }
      : { [row.type]: own.result, three_d_secure_verification: own.three_d_secure_verification }),
    ...shopperFields(own),
  };
  if (row.type === "tokenization") return body as TransactionBody;
  body.parent_uid = null;
  body.receipt_url = own.receipt_url ?? null;
  if (isParentType(row.type)) body.amounts = parentAmounts(row, own.authorization_expires_at ?? null);
  if (own.subscription_id != null) body.subscription_id = own.subscription_id;
  return body as TransactionBody;
}

/**
 * The columns of a transaction its own request writes: the request's amount, currency and tracking id, its type, and
 * its test flag — a test-mode shop's transactions are test transactions whatever the request says.
 */
export function requestColumns(
  type: OwnColumns["type"],
  request: { amount: number; currency: string; tracking_id?: string | null; test: boolean },
  shop: { test: boolean },
): OwnColumns {
  return {
    type,
    amount: request.amount,
    currency: request.currency,
    trackingId: request.tracking_id ?? null,
    test: shop.test || request.test,
  };
}

/** A stored row's `OwnColumns`, for the end of a transaction read back from the database. */
export function ownColumns(row: OwnColumns): OwnColumns {
  return {
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    trackingId: row.trackingId,
    test: row.test,
  };
}

/**
 * The request's echoed settings and the card, in the response's order: the run of keys every transaction's response
 * shows after its duplicate check, a child's and a chargeback's from the payment or authorization they descend from.
 */
export function echoedFields(own: OwnBody) {
  return {
    dynamic_billing_descriptor: own.dynamic_billing_descriptor,
    notification_url: own.notification_url,
    verification_url: own.verification_url,
    return_url: own.return_url,
    skip_three_d_secure_verification: own.skip_three_d_secure_verification,
    force_three_d_secure_verification: own.force_three_d_secure_verification,
    three_d_secure: own.three_d_secure,
    credit_card: own.credit_card,
  };
}

/** The shopper's side, in the response's order: the run of keys every transaction's response shows after 3-D Secure. */
export function shopperFields(own: OwnBody) {
  return {
    additional_data: own.additional_data,
    smart_routing_verification: own.smart_routing_verification,
    customer: own.customer,
    billing_address: own.billing_address,
    travel: own.travel,
  };
}
