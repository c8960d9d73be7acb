import type { LinkMessages } from "./types";

export const ar: LinkMessages = {
  soldOutHeading: "نفدت الكمية",
  soldOutText: "بيع كل ما عُرض عبر رابط الدفع هذا. لم يُخصم أي مبلغ.",
  inactiveHeading: "تم تعطيل رابط الدفع",
  inactiveText: "عطّل التاجر رابط الدفع هذا. لم يُخصم أي مبلغ.",
  expiredHeading: "انتهت صلاحية رابط الدفع",
  expiredText: "لم يعد رابط الدفع هذا صالحًا. لم يُخصم أي مبلغ.",
  notFoundHeading: "لم يُعثر على رابط الدفع",
  notFoundText: "رابط الدفع هذا غير موجود. تحقق من العنوان الذي أُعطي لك.",
  busyHeading: "طلبات كثيرة جدًا",
  busyText: "فُتح رابط الدفع هذا مرات كثيرة جدًا من شبكتك. حاول مرة أخرى بعد بضع دقائق. لم يُخصم أي مبلغ.",
  merchant: "التاجر",
  product: "المنتج",
  languageLabel: "اللغة",
  changeLanguage: "تغيير اللغة",
  securedBy: "محمي بواسطة Tessera",
};
