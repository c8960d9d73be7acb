import type { LinkMessages } from "./types";

export const bg: LinkMessages = {
  soldOutHeading: "Изчерпано",
  soldOutText: "Всичко, предлагано чрез тази връзка за плащане, е продадено. Нищо не е таксувано.",
  inactiveHeading: "Връзката за плащане е деактивирана",
  inactiveText: "Търговецът деактивира тази връзка за плащане. Нищо не е таксувано.",
  expiredHeading: "Връзката за плащане е изтекла",
  expiredText: "Тази връзка за плащане вече не е валидна. Нищо не е таксувано.",
  notFoundHeading: "Връзката за плащане не е намерена",
  notFoundText: "Тази връзка за плащане не съществува. Проверете адреса, който сте получили.",
  merchant: "Търговец",
  product: "Продукт",
  languageLabel: "Език",
  changeLanguage: "Смяна на езика",
  securedBy: "Защитено от Tessera",
};
