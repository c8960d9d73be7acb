import type { LinkMessages } from "./types";

export const fa: LinkMessages = {
  soldOutHeading: "تمام شد",
  soldOutText: "هرچه از طریق این پیوند پرداخت عرضه شده بود فروخته شده است. مبلغی کسر نشد.",
  inactiveHeading: "پیوند پرداخت غیرفعال شد",
  inactiveText: "فروشنده این پیوند پرداخت را غیرفعال کرده است. مبلغی کسر نشد.",
  expiredHeading: "پیوند پرداخت منقضی شد",
  expiredText: "این پیوند پرداخت دیگر معتبر نیست. مبلغی کسر نشد.",
  notFoundHeading: "پیوند پرداخت پیدا نشد",
  notFoundText: "این پیوند پرداخت وجود ندارد. نشانی‌ای را که دریافت کرده‌اید بررسی کنید.",
  busyHeading: "درخواست\u200cهای بیش از حد",
  busyText:
    "این پیوند پرداخت بیش از حد از شبکهٔ شما باز شده است. چند دقیقهٔ دیگر دوباره امتحان کنید. هیچ مبلغی کسر نشد.",
  merchant: "فروشنده",
  product: "محصول",
  languageLabel: "زبان",
  changeLanguage: "تغییر زبان",
  securedBy: "محافظت‌شده توسط Tessera",
};
