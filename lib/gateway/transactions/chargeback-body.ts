import type { Transaction } from "@/lib/contracts/transaction";
import type { TransactionRow } from "@/lib/db/schema";
import { echoedFields, type OwnBody, shopperFields } from "./own-body";
import { EMPTY_THREE_D_SECURE_VERIFICATION, type TransactionBody } from "./transaction-body";

/**
 * What bePaid's `chargeback` transaction stores in its `body`: its own facts only. It is a child of the payment or
 * capture the bank took money back from, and shows that charge's card, customer and echoed fields, read from the
 * payment or authorization it descends from (`renderChargebackBody`), never copied.
 */
export interface ChargebackOwnBody {
  /** "Chargeback received". */
  message: string;
  /** The charge's duplicate check, as its response showed it (a capture's is its own). */
  duplicate_check: boolean;
  /** What the bank took back and why. */
  chargeback: NonNullable<Transaction["chargeback"]>;
  /** The dispute's reason. */
  reason: string;
  /** The charge as it was when the bank took the money back. */
  parent_transaction: NonNullable<Transaction["parent_transaction"]>;
}

/** A chargeback's row as its body is rendered. */
export type ChargebackColumns = Pick<
  TransactionRow,
  "amount" | "currency" | "trackingId" | "parentUid" | "test"
>;

/**
 * A chargeback's response body: the charge's fields as the charge shows them (its origin's card, customer and echoed
 * fields; a payment's 3-D Secure verification, a capture's empty one), its own amount and message, then what only a
 * chargeback has, after the charge's fields (`redirect_url` null: it has no page). This literal fixes the key order.
 */
export function renderChargebackBody(
  origin: OwnBody,
  row: ChargebackColumns,
  own: ChargebackOwnBody,
): TransactionBody {
  return {
    message: own.message,
    amount: row.amount,
    currency: row.currency,
    description: origin.description,
    tracking_id: row.trackingId,
    language: origin.language,
    type: "chargeback",
    payment_method_type: "credit_card",
    test: row.test,
    paid_at: null,
    status_code: null,
    duplicate_check: own.duplicate_check,
    ...echoedFields(origin),
    three_d_secure_verification:
      own.parent_transaction.type === "capture"
        ? EMPTY_THREE_D_SECURE_VERIFICATION
        : origin.three_d_secure_verification,
    ...shopperFields(origin),
    ...(origin.subscription_id != null ? { subscription_id: origin.subscription_id } : {}),
    redirect_url: null,
    chargeback: own.chargeback,
    parent_uid: row.parentUid,
    reason: own.reason,
    parent_transaction: own.parent_transaction,
  } as TransactionBody;
}
