import type { SubscriptionCancelMessages } from "./types";

export const en: SubscriptionCancelMessages = {
  title: "Cancel your subscription",
  explain: "If you cancel, nothing more is charged. Your subscription stays active until {date}.",
  explainNoDate: "If you cancel, nothing more is charged.",
  confirm: "Cancel subscription",
  canceledTitle: "Your subscription is canceled",
  canceledBody: "Nothing more will be charged.",
  canceledUntil: "It stays active until {date}.",
  endedTitle: "This subscription has ended",
  endedBody: "There is nothing to cancel.",
  notFoundTitle: "This link is not valid",
  notFoundBody: "Check the link in your e-mail, or contact the shop.",
  unavailable: "The page could not be loaded. Please try again later.",
  planLabel: "Subscription",
  shopLabel: "Shop",
};
