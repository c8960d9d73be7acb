import type { ShopperEmailKind, ShopperEmailStatus } from "@/lib/contracts/shopper-emails";

export const KIND_LABELS: Record<ShopperEmailKind, string> = {
  receipt: "Receipt (payment or capture)",
  refund: "Refund",
  payout: "Payout",
  subscription_started: "Subscription started",
  renewal_receipt: "Renewal receipt",
  renewal_failed: "Renewal failed (card update link)",
  subscription_canceled: "Subscription canceled",
  trial_will_end: "Free trial ends soon (reminder)",
  plan_changed: "Plan changed",
  subscription_paused: "Subscription paused",
  subscription_resumed: "Subscription resumed",
};

export const STATUS_EXPLANATIONS: Record<ShopperEmailStatus, string> = {
  pending: "Waiting to be sent, or to be tried again.",
  sent: "The mail server accepted it.",
  kept: "No mail server is configured (SMTP_URL), so the message is kept here instead of sent.",
  failed: "Given up on: the mail server refused it, or every retry failed.",
};
