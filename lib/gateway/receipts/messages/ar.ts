import type { ReceiptMessages } from "./types";

export const ar: ReceiptMessages = {
  paymentTitle: "إيصال الدفع",
  authorizationTitle: "إيصال التفويض",
  captureTitle: "إيصال التحصيل",
  voidTitle: "إيصال الإلغاء",
  refundTitle: "إيصال الاسترداد",
  payoutTitle: "إيصال الصرف",
  merchant: "التاجر",
  contact: "التواصل",
  description: "الوصف",
  date: "التاريخ",
  card: "البطاقة",
  authorizationCode: "رمز التفويض",
  reference: "الرقم المرجعي (RRN)",
  statementDescriptor: "الاسم في كشف الحساب",
  order: "الطلب",
  transaction: "المعاملة",
  testNotice: "معاملة تجريبية: لم يتم تحويل أي أموال",
  notFoundHeading: "الإيصال غير موجود",
  notFoundText: "لا يوجد إيصال بهذا العنوان.",
};
