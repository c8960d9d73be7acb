import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { FailureReason } from "@/lib/contracts/subscription";

/**
 * Every text of the shopper e-mails that the receipt page's catalogue does not already have (its titles and its
 * labels for card, description, transaction and the test notice are shared). `{shop}` is the shop's name.
 */
export interface ShopperEmailMessages {
  /** The subject line, and the message's heading. */
  subjects: Record<ShopperEmailKind, string>;
  /** The first sentence of the message: what happened. */
  intros: Record<ShopperEmailKind, string>;
  amount: string;
  /** The link of a failed renewal to the hosted "update your card" page. */
  updateCard: string;
  /** A cancel's first sentence to a subscriber who was never charged (instead of "…not be charged again"). */
  canceledNeverCharged: string;
  /** A free trial's start: nothing is charged today (instead of the `subscription_started` intro). */
  trialStarted: string;
  /** The footer of a subscription's messages (a receipt's says "because of a payment"). */
  subscriptionFooter: string;
  /** Labels of a subscription message's dates and amounts. */
  trialEnds: string;
  firstCharge: string;
  nextCharge: string;
  activeUntil: string;
  resumesOn: string;
  /** A failed renewal's attempt: `{n}` of `{total}`. */
  attempt: string;
  nextAttempt: string;
  /** A failed renewal that will not be tried again. */
  lastAttempt: string;
  reason: string;
  reasons: Record<FailureReason, string>;
  /** The link to the subscriber's own cancel page. */
  cancelSubscription: string;
  /** Put in front of the subject of a test transaction's message. */
  testMark: string;
  /** The link to the transaction's hosted receipt page. */
  viewReceipt: string;
  /** A refund of part of a payment: "Partial refund of {refund} of {amount}" (the payment's amount). */
  partialRefund: string;
  /** A refund of the whole payment: "Full refund of {amount}". */
  fullRefund: string;
  /** The label of the refunded payment's transaction id. */
  refundedPayment: string;
  footer: string;
}
