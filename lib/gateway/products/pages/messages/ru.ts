import type { LinkMessages } from "./types";

export const ru: LinkMessages = {
  soldOutHeading: "Распродано",
  soldOutText: "Всё, что предлагалось по этой ссылке на оплату, продано. Деньги не списаны.",
  inactiveHeading: "Ссылка на оплату отключена",
  inactiveText: "Продавец отключил эту ссылку на оплату. Деньги не списаны.",
  expiredHeading: "Срок действия ссылки истёк",
  expiredText: "Эта ссылка на оплату больше не действует. Деньги не списаны.",
  notFoundHeading: "Ссылка на оплату не найдена",
  notFoundText: "Такой ссылки на оплату нет. Проверьте адрес, который вам дали.",
  busyHeading: "Слишком много запросов",
  busyText:
    "Эту ссылку на оплату слишком часто открывали из вашей сети. Повторите попытку через несколько минут. Деньги не списаны.",
  merchant: "Продавец",
  product: "Товар",
  languageLabel: "Язык",
  changeLanguage: "Сменить язык",
  securedBy: "Защищено Tessera",
};
