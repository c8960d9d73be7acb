import type { SubscriptionCancelMessages } from "./types";

export const fa: SubscriptionCancelMessages = {
  title: "لغو اشتراک شما",
  explain: "اگر لغو کنید، دیگر هیچ مبلغی برداشت نمی‌شود. اشتراک شما تا {date} فعال می‌ماند.",
  explainNoDate: "اگر لغو کنید، دیگر هیچ مبلغی برداشت نمی‌شود.",
  confirm: "لغو اشتراک",
  canceledTitle: "اشتراک شما لغو شد",
  canceledBody: "دیگر هیچ مبلغی برداشت نمی‌شود.",
  canceledUntil: "تا {date} فعال می‌ماند.",
  endedTitle: "این اشتراک به پایان رسیده است",
  endedBody: "چیزی برای لغو وجود ندارد.",
  notFoundTitle: "این پیوند معتبر نیست",
  notFoundBody: "پیوند ایمیل خود را بررسی کنید یا با فروشگاه تماس بگیرید.",
  unavailable: "صفحه بارگیری نشد. لطفاً بعداً دوباره تلاش کنید.",
  planLabel: "اشتراک",
  shopLabel: "فروشگاه",
};
