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
  },
  intros: {
    receipt: "{shop} پرداخت شما را دریافت کرد. سپاسگزاریم!",
    refund:
      "{shop} مبلغی را به کارت شما بازگرداند. ممکن است چند روز طول بکشد تا در صورت‌حساب شما نمایش داده شود.",
    payout:
      "{shop} مبلغی را به کارت شما واریز کرد. ممکن است چند روز طول بکشد تا در صورت‌حساب شما نمایش داده شود.",
    subscription_started: "اشتراک شما در {shop} آغاز شد. مبلغی که می‌پردازید این است.",
    renewal_receipt: "اشتراک شما در {shop} تمدید و پرداخت شد.",
    renewal_failed:
      "نتوانستیم هزینهٔ اشتراک شما در {shop} را از کارتتان برداشت کنیم. برای حفظ اشتراک، کارت خود را به‌روز کنید.",
    subscription_canceled: "اشتراک شما در {shop} لغو شد. دیگر از شما برداشتی نخواهد شد.",
  },
  amount: "مبلغ",
  updateCard: "به‌روزرسانی کارت",
  canceledNeverCharged: "اشتراک شما در {shop} لغو شد. هیچ مبلغی از شما کسر نشد.",
  testMark: "آزمایشی",
  viewReceipt: "مشاهده رسید",
  partialRefund: "بازپرداخت جزئی {refund} از {amount}",
  fullRefund: "بازپرداخت کامل {amount}",
  refundedPayment: "پرداخت بازپرداخت‌شده",
  footer: "این ایمیل را به دلیل پرداخت به {shop} دریافت می‌کنید. لطفاً آن را برای سوابق خود نگه دارید.",
};
