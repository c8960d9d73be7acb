import type { ReceiptMessages } from "./types";

export const fa: ReceiptMessages = {
  paymentTitle: "رسید پرداخت",
  authorizationTitle: "رسید تأیید پرداخت",
  captureTitle: "رسید برداشت",
  voidTitle: "رسید ابطال",
  refundTitle: "رسید بازپرداخت",
  payoutTitle: "رسید واریز",
  merchant: "فروشنده",
  contact: "تماس",
  description: "شرح",
  date: "تاریخ",
  card: "کارت",
  authorizationCode: "کد تأیید",
  reference: "شماره مرجع (RRN)",
  statementDescriptor: "نام در صورت‌حساب",
  order: "سفارش",
  transaction: "تراکنش",
  testNotice: "تراکنش آزمایشی: هیچ پولی جابه‌جا نشد",
  notFoundHeading: "رسید پیدا نشد",
  notFoundText: "این رسید وجود ندارد.",
};
