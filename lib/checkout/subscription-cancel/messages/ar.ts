import type { SubscriptionCancelMessages } from "./types";

export const ar: SubscriptionCancelMessages = {
  title: "إلغاء اشتراكك",
  explain: "إذا ألغيت، فلن يُحصَّل أي مبلغ آخر. يبقى اشتراكك نشطًا حتى {date}.",
  explainNoDate: "إذا ألغيت، فلن يُحصَّل أي مبلغ آخر.",
  confirm: "إلغاء الاشتراك",
  canceledTitle: "تم إلغاء اشتراكك",
  canceledBody: "لن يُحصَّل أي مبلغ آخر.",
  canceledUntil: "يبقى نشطًا حتى {date}.",
  endedTitle: "انتهى هذا الاشتراك",
  endedBody: "لا يوجد ما يُلغى.",
  notFoundTitle: "هذا الرابط غير صالح",
  notFoundBody: "تحقّق من الرابط في بريدك الإلكتروني أو تواصل مع المتجر.",
  unavailable: "تعذّر تحميل الصفحة. يُرجى المحاولة لاحقًا.",
  planLabel: "الاشتراك",
  shopLabel: "المتجر",
};
