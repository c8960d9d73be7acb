import type { ParentAmounts } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";

/** The types a capture, void or refund can name as its parent: the transactions whose response has `amounts`. */
export function isParentType(type: string): type is "payment" | "authorization" | "capture" {
  return type === "payment" || type === "authorization" || type === "capture";
}

/** A parent as its `amounts` are rendered from: its type, status and amount, and its children's stored totals. */
export type ParentFacts = Pick<
  TransactionRow,
  "type" | "status" | "amount" | "captured" | "voided" | "refunded"
>;

/**
 * A payment's, authorization's or capture's `amounts`, the one rule: what its successful children took (the totals
 * tessera_finish_child keeps in its columns under its row lock), and what is left — an authorization's amount less
 * its captures while it is successful and not voided, a payment's or capture's less its refunds while it is
 * successful. An authorization shows its expiry (fixed when it succeeded, stored in its body); anything else null.
 */
export function parentAmounts(parent: ParentFacts, authorizationExpiresAt: string | null): ParentAmounts {
  const successful = parent.status === "successful";
  const isAuthorization = parent.type === "authorization";
  const isRefundable = parent.type === "payment" || parent.type === "capture";
  return {
    captured: isAuthorization ? parent.captured : 0,
    voided: isAuthorization ? parent.voided : 0,
    refunded: isRefundable ? parent.refunded : 0,
    capturable: isAuthorization && successful && parent.voided === 0 ? parent.amount - parent.captured : 0,
    refundable: isRefundable && successful ? parent.amount - parent.refunded : 0,
    authorization_expires_at: isAuthorization ? authorizationExpiresAt : null,
  };
}
