import type { ShopperEmailMessages } from "./types";

export const en: ShopperEmailMessages = {
  subjects: {
    receipt: "Your receipt from {shop}",
    refund: "Refund from {shop}",
    payout: "Payout from {shop}",
    subscription_started: "Your subscription with {shop} has started",
    renewal_receipt: "Your subscription with {shop} was renewed",
    renewal_failed: "Action needed: your payment to {shop} failed",
    subscription_canceled: "Your subscription with {shop} is canceled",
  },
  intros: {
    receipt: "{shop} has received your payment. Thank you!",
    refund: "{shop} has refunded money to your card. It can take a few days to appear on your statement.",
    payout: "{shop} has paid money out to your card. It can take a few days to appear on your statement.",
    subscription_started: "Your subscription with {shop} has started. This is what you pay.",
    renewal_receipt: "Your subscription with {shop} was renewed and paid.",
    renewal_failed:
      "We could not charge your card for your subscription with {shop}. Update your card to keep your subscription.",
    subscription_canceled: "Your subscription with {shop} is canceled. You will not be charged again.",
  },
  amount: "Amount",
  updateCard: "Update your card",
  canceledNeverCharged: "Your subscription with {shop} is canceled. You were not charged anything.",
  testMark: "TEST",
  viewReceipt: "View receipt",
  partialRefund: "Partial refund of {refund} of {amount}",
  fullRefund: "Full refund of {amount}",
  refundedPayment: "Refunded payment",
  footer: "You receive this e-mail because of a payment to {shop}. Please keep it for your records.",
};
