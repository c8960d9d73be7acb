import type { ShopperEmailMessages } from "./types";

export const he: ShopperEmailMessages = {
  subjects: {
    receipt: "הקבלה שלך מ-{shop}",
    refund: "החזר כספי מ-{shop}",
    payout: "תשלום מ-{shop} לכרטיס שלך",
    subscription_started: "המינוי שלך ב-{shop} התחיל",
    renewal_receipt: "המינוי שלך ב-{shop} חודש",
    renewal_failed: "נדרשת פעולה: התשלום שלך ל-{shop} נכשל",
    subscription_canceled: "המינוי שלך ב-{shop} בוטל",
  },
  intros: {
    receipt: "{shop} קיבל את התשלום שלך. תודה!",
    refund: "{shop} החזיר כסף לכרטיס שלך. ייתכן שיעברו כמה ימים עד שיופיע בדף החשבון.",
    payout: "{shop} העביר כסף לכרטיס שלך. ייתכן שיעברו כמה ימים עד שיופיע בדף החשבון.",
    subscription_started: "המינוי שלך ב-{shop} התחיל. זה הסכום שאתה משלם.",
    renewal_receipt: "המינוי שלך ב-{shop} חודש ושולם.",
    renewal_failed: "לא הצלחנו לחייב את הכרטיס שלך עבור המינוי ב-{shop}. עדכן את הכרטיס כדי לשמור על המינוי.",
    subscription_canceled: "המינוי שלך ב-{shop} בוטל. לא תחויב שוב.",
  },
  amount: "סכום",
  updateCard: "עדכון הכרטיס",
  canceledNeverCharged: "המנוי שלך ב-{shop} בוטל. לא חויבת בדבר.",
  testMark: "בדיקה",
  viewReceipt: "הצגת הקבלה",
  partialRefund: "החזר חלקי של {refund} מתוך {amount}",
  fullRefund: "החזר מלא של {amount}",
  refundedPayment: "התשלום שהוחזר",
  footer: "קיבלת הודעה זו בעקבות תשלום ל-{shop}. שמור אותה לרישומים שלך.",
};
