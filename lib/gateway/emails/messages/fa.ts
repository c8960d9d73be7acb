import type { ShopperEmailMessages } from "./types";

export const fa: ShopperEmailMessages = {
  subjects: {
    receipt: "رسید شما از {shop}",
    refund: "بازپرداخت از {shop}",
    payout: "واریز از {shop}",
    subscription_started: "اشتراک شما در {shop} آغاز شد",
    renewal_receipt: "اشتراک شما در {shop} تمدید شد",
    renewal_failed: "اقدام لازم: پرداخت شما به {shop} ناموفق بود",
    subscription_canceled: "اشتراک شما در {shop} لغو شد",
    trial_will_end: "دوره آزمایشی رایگان شما در {shop} به‌زودی تمام می‌شود",
    plan_changed: "طرح شما در {shop} تغییر کرد",
    subscription_paused: "اشتراک شما در {shop} متوقف شده است",
    subscription_resumed: "اشتراک شما در {shop} از سر گرفته شد",
  },
  intros: {
    receipt: "{shop} پرداخت شما را دریافت کرد. سپاسگزاریم!",
    refund:
      "{shop} مبلغی را به کارت شما بازگرداند. ممکن است چند روز طول بکشد تا در صورت‌حساب شما نمایش داده شود.",
    payout:
      "{shop} مبلغی را به کارت شما واریز کرد. ممکن است چند روز طول بکشد تا در صورت‌حساب شما نمایش داده شود.",
    subscription_started: "اشتراک شما در {shop} آغاز شد.",
    renewal_receipt: "اشتراک شما در {shop} تمدید و پرداخت شد.",
    renewal_failed:
      "نتوانستیم هزینهٔ اشتراک شما در {shop} را از کارتتان برداشت کنیم. برای حفظ اشتراک، کارت خود را به‌روز کنید.",
    subscription_canceled: "اشتراک شما در {shop} لغو شد. دیگر از شما برداشتی نخواهد شد.",
    trial_will_end:
      "دوره آزمایشی رایگان شما در {shop} به‌زودی تمام می‌شود. اگر لغو نکنید، مبلغ زیر از کارت شما برداشت می‌شود.",
    plan_changed: "اشتراک شما در {shop} به طرح جدیدی منتقل می‌شود. این قیمت آن و زمان شروعش است.",
    subscription_paused: "اشتراک شما در {shop} متوقف شده است. در زمان توقف هیچ مبلغی برداشت نمی‌شود.",
    subscription_resumed: "اشتراک شما در {shop} از سر گرفته شد. این پرداخت بعدی شماست.",
  },
  amount: "مبلغ",
  updateCard: "به‌روزرسانی کارت",
  canceledNeverCharged: "اشتراک شما در {shop} لغو شد. هیچ مبلغی از شما کسر نشد.",
  trialStarted: "دوره آزمایشی رایگان شما در {shop} آغاز شد. امروز هیچ مبلغی برداشت نمی‌شود.",
  subscriptionFooter: "این ایمیل را دریافت می‌کنید چون در {shop} اشتراک دارید.",
  trialEnds: "پایان دوره آزمایشی",
  firstCharge: "نخستین برداشت",
  nextCharge: "برداشت بعدی",
  activeUntil: "فعال تا",
  resumesOn: "از سرگیری در",
  attempt: "تلاش {n} از {total}",
  nextAttempt: "تلاش بعدی",
  lastAttempt: "این آخرین تلاش بود.",
  reason: "علت",
  reasons: {
    insufficient_funds: "موجودی ناکافی",
    card_expired: "کارت منقضی شده است",
    declined: "صادرکننده کارت رد کرد",
    processor_error: "خطای پردازشگر پرداخت",
  },
  cancelSubscription: "لغو اشتراک",
  testMark: "آزمایشی",
  footer: "این ایمیل را به دلیل پرداخت به {shop} دریافت می‌کنید. لطفاً آن را برای سوابق خود نگه دارید.",
};
