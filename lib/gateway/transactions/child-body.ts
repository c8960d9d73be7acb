import type { ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { MoneyResult } from "@/lib/contracts/money-result";
import type { TransactionRow } from "@/lib/db/schema";
import { EMPTY_THREE_D_SECURE_VERIFICATION, type TransactionBody } from "./build-transaction";
import { MONEY_KEYS } from "./money-transaction-body";

/**
 * What a capture, void or refund stores in its `body`: its own facts only. Everything else its response shows is
 * its columns (type, amount, currency, tracking id, parent) or its parent's card, customer and echoed fields, which
 * never change once the parent is written — so they are read from the parent, not copied (`renderChildBody`).
 */
export interface ChildOwnBody {
  /** "Successfully processed", "Refund was declined"…; null while the acquirer has not answered. */
  message: string | null;
  duplicate_check: boolean;
  /** When a capture took the money; null for anything else. */
  paid_at: string | null;
  /** The acquirer's answer, rendered under the child's type (`"refund": {…}`). */
  result: MoneyResult;
  receipt_url: string | null;
  /** A refund's reason, as asked (null if none); absent for a capture or void. */
  reason?: string | null;
}

/** The types whose stored body is a `ChildOwnBody`, rendered with their parent's at read. */
export function isChildType(type: string): type is ChildTransactionType {
  return type === "capture" || type === "void" || type === "refund";
}

/** A child's row as its body is rendered: its columns, its own stored facts. */
export type ChildColumns = Pick<TransactionRow, "type" | "amount" | "currency" | "trackingId" | "parentUid">;

/**
 * A capture's, void's or refund's response body, as beGateway answers one: its parent's card, customer and echoed
 * fields, its own amount, tracking id, result and message, an empty 3-D Secure verification (a child has no 3-D
 * Secure step), and `parent_uid`. This literal fixes the key order; a key the parent's body does not have stays out
 * (its value is undefined, which JSON leaves out), and a key this literal does not name (a renewal's
 * `subscription_id`) follows the parent's known keys, in the parent's order. A capture, a refund's parent in turn,
 * keeps a place for `amounts` (rendered from its totals, `transactionFromRow`); a refund ends with its `reason`.
 */
export function renderChildBody(
  parent: TransactionBody,
  child: ChildColumns,
  own: ChildOwnBody,
): TransactionBody {
  const type = child.type as ChildTransactionType;
  const {
    message: _message,
    amount: _amount,
    currency: _currency,
    description,
    tracking_id: _trackingId,
    language,
    type: _type,
    payment_method_type,
    test,
    paid_at: _paidAt,
    redirect_url: _redirectUrl,
    status_code,
    duplicate_check: _duplicateCheck,
    dynamic_billing_descriptor,
    notification_url,
    verification_url,
    return_url,
    skip_three_d_secure_verification,
    force_three_d_secure_verification,
    three_d_secure,
    credit_card,
    three_d_secure_verification: _threeDSecureVerification,
    additional_data,
    smart_routing_verification,
    customer,
    billing_address,
    travel,
    ...others
  } = parent;
  return {
    message: own.message,
    amount: child.amount,
    currency: child.currency,
    description,
    tracking_id: child.trackingId,
    language,
    type,
    payment_method_type,
    test,
    paid_at: own.paid_at,
    redirect_url: null,
    status_code,
    duplicate_check: own.duplicate_check,
    dynamic_billing_descriptor,
    notification_url,
    verification_url,
    return_url,
    skip_three_d_secure_verification,
    force_three_d_secure_verification,
    three_d_secure,
    credit_card,
    [type]: own.result,
    three_d_secure_verification: EMPTY_THREE_D_SECURE_VERIFICATION,
    additional_data,
    smart_routing_verification,
    customer,
    billing_address,
    travel,
    ...inheritedOthers(others),
    parent_uid: child.parentUid,
    receipt_url: own.receipt_url,
    ...(type === "capture" ? { amounts: null } : {}),
    ...(type === "refund" ? { reason: own.reason ?? null } : {}),
  } as TransactionBody;
}

/**
 * What a child does not take from its parent's body besides the keys named above: the parent's own money facts (its
 * result object, `parent_uid`, `receipt_url`, `amounts`), a tokenization's result, and a refund's reason.
 */
const NOT_INHERITED: ReadonlySet<string> = new Set(["tokenization", ...MONEY_KEYS, "reason"]);

function inheritedOthers(others: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(others).filter(([key]) => !NOT_INHERITED.has(key)));
}
