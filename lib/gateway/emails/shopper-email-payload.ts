import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";

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
