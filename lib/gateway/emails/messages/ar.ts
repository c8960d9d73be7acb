import type { ShopperEmailMessages } from "./types";

export const ar: ShopperEmailMessages = {
  subjects: {
    receipt: "إيصالك من {shop}",
    refund: "استرداد من {shop}",
    payout: "دفعة من {shop}",
    subscription_started: "بدأ اشتراكك لدى {shop}",
    renewal_receipt: "تم تجديد اشتراكك لدى {shop}",
    renewal_failed: "إجراء مطلوب: فشلت دفعتك إلى {shop}",
    subscription_canceled: "تم إلغاء اشتراكك لدى {shop}",
  },
  intros: {
    receipt: "استلم {shop} دفعتك. شكرًا لك!",
    refund: "أعاد {shop} المال إلى بطاقتك. قد يستغرق ظهوره في كشف حسابك بضعة أيام.",
    payout: "دفع {shop} مالًا إلى بطاقتك. قد يستغرق ظهوره في كشف حسابك بضعة أيام.",
    subscription_started: "بدأ اشتراكك لدى {shop}. هذا ما تدفعه.",
    renewal_receipt: "تم تجديد اشتراكك لدى {shop} ودفعه.",
    renewal_failed: "تعذّر علينا الخصم من بطاقتك لاشتراكك لدى {shop}. حدّث بطاقتك للاحتفاظ باشتراكك.",
    subscription_canceled: "تم إلغاء اشتراكك لدى {shop}. لن يتم الخصم منك مرة أخرى.",
  },
  amount: "المبلغ",
  updateCard: "تحديث بطاقتك",
  canceledNeverCharged: "تم إلغاء اشتراكك لدى {shop}. لم يُخصم منك أي مبلغ.",
  testMark: "تجريبي",
  viewReceipt: "عرض الإيصال",
  partialRefund: "استرداد جزئي بقيمة {refund} من {amount}",
  fullRefund: "استرداد كامل للمبلغ {amount}",
  refundedPayment: "الدفعة المستردة",
  footer: "تتلقى هذه الرسالة بسبب دفعة إلى {shop}. يرجى الاحتفاظ بها في سجلاتك.",
};
