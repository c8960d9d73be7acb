import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { FailureReason } from "@/lib/contracts/subscription";

/**
 * What a subscription's message tells beyond the amount: its dates, a failed attempt, the subscriber's cancel link.
 * Times are ISO 8601. Absent from receipts, and from messages queued before these facts were kept.
 */
export interface SubscriptionEmailFacts {
  /** What the message reports charged nothing now: no amount is shown as paid. */
  nothingChargedNow: boolean;
  /** A free trial (its start says nothing is charged today). */
  freeTrial: boolean;
  trialEndsAt: string | null;
  /** The next charge: its amount (minor units of the payload's currency) and date; `first` after a trial. */
  nextCharge: { amount: number; at: string; first: boolean } | null;
  activeUntil: string | null;
  resumeAt: string | null;
  /** A failed renewal: attempt `number` of `of`, the next one's date (null: none), and why it failed. */
  attempt: { number: number; of: number; nextAt: string | null; reason: FailureReason } | null;
  cancelUrl: string | null;
}

/**
 * Everything a shopper e-mail shows, captured when it is queued (in the transaction it reports), so that it renders
 * the same when it is sent, sent again or read in the admin. Of the card only the brand and last 4 digits: no
 * number, token, stamp or anything else.
 */
export interface ShopperEmailPayload {
  shopName: string;
  /** The shop's brand colour (#rrggbb), or null for the default. */
  brandColor: string | null;
  /** In minor units of `currency`. */
  amount: number;
  currency: string;
  /** The order's description, or a subscription's plan. */
  description: string;
  card: { brand: string; last4: string } | null;
  /** The merchant's `additional_data.receipt_text` lines. */
  receiptText: string[];
  transactionUid: string | null;
  subscriptionId: string | null;
  test: boolean;
  /** A failed renewal's hosted "update your card" page. */
  cardUpdateUrl: string | null;
  /** A cancel's subscriber was never charged: no amount is shown, and the message says nothing was charged. */
  neverCharged?: boolean;
  subscription?: SubscriptionEmailFacts;
  // Receipt details (absent in messages queued before they were captured: those render without them).
  /** When the money moved (ISO 8601): the receipt's date. */
  date?: string | null;
  /** The name on the shopper's card statement (the acquirer's billing descriptor). */
  statementDescriptor?: string | null;
  /** The merchant's order reference (`tracking_id`); never a payment link's product id. */
  orderReference?: string | null;
  /** How to reach the shop (its support settings). */
  contact?: { email: string | null; phone: string | null; url: string | null } | null;
  /** The transaction's hosted receipt page (`receipt_url`). */
  receiptUrl?: string | null;
  /** A refund's payment: its amount (in minor units of the refund's currency) and uid, so the message names it. */
  refundOf?: { amount: number; uid: string } | null;
}

export interface ShopperEmailContent {
  kind: ShopperEmailKind;
  language: string;
  payload: ShopperEmailPayload;
}
