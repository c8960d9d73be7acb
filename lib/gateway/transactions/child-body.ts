import type { ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { MoneyResult } from "@/lib/contracts/money-result";
import type { TransactionRow } from "@/lib/db/schema";
import { echoedFields, type OwnBody, shopperFields } from "./own-body";
import { parentAmounts } from "./parent-amounts";
import { EMPTY_THREE_D_SECURE_VERIFICATION, type TransactionBody } from "./transaction-body";

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

/** A child's row as its body is rendered: its columns (a capture's totals for its `amounts`), its own stored facts. */
export type ChildColumns = Pick<
  TransactionRow,
  | "type"
  | "amount"
  | "currency"
  | "trackingId"
  | "parentUid"
  | "test"
  | "status"
  | "captured"
  | "voided"
  | "refunded"
>;

/**
 * A capture's, void's or refund's response body, as beGateway answers one: the card, customer and echoed fields of
 * the payment or authorization it descends from (`origin`: its parent's own body, or for a refund of a capture the
 * authorization's), its own amount, tracking id, result and message, an empty 3-D Secure verification (a child has
 * no 3-D Secure step), and `parent_uid`. This literal fixes the key order. A subscription's charge's
 * `subscription_id` follows the origin's fields; a capture, a refund's parent in turn, has `amounts` of its own
 * (`parentAmounts`, from its totals); a refund ends with its `reason`.
 */
export function renderChildBody(origin: OwnBody, child: ChildColumns, own: ChildOwnBody): TransactionBody {
  const type = child.type as ChildTransactionType;
  return {
    message: own.message,
    amount: child.amount,
    currency: child.currency,
    description: origin.description,
    tracking_id: child.trackingId,
    language: origin.language,
    type,
    payment_method_type: "credit_card",
    test: child.test,
    paid_at: own.paid_at,
    redirect_url: null,
    status_code: null,
    duplicate_check: own.duplicate_check,
    ...echoedFields(origin),
    [type]: own.result,
    three_d_secure_verification: EMPTY_THREE_D_SECURE_VERIFICATION,
    ...shopperFields(origin),
    ...(origin.subscription_id != null ? { subscription_id: origin.subscription_id } : {}),
    parent_uid: child.parentUid,
    receipt_url: own.receipt_url,
    ...(type === "capture" ? { amounts: parentAmounts(child, null) } : {}),
    ...(type === "refund" ? { reason: own.reason ?? null } : {}),
  } as TransactionBody;
}
