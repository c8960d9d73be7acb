import type { LinkMessages } from "./types";

export const be: LinkMessages = {
  soldOutHeading: "Распрададзена",
  soldOutText: "Усё, што прапаноўвалася па гэтай спасылцы на аплату, прададзена. Грошы не спісаныя.",
  inactiveHeading: "Спасылка на аплату адключаная",
  inactiveText: "Прадавец адключыў гэтую спасылку на аплату. Грошы не спісаныя.",
  expiredHeading: "Тэрмін дзеяння спасылкі скончыўся",
  expiredText: "Гэтая спасылка на аплату больш не дзейнічае. Грошы не спісаныя.",
  notFoundHeading: "Спасылка на аплату не знойдзена",
  notFoundText: "Такой спасылкі на аплату няма. Праверце адрас, які вам далі.",
  merchant: "Прадавец",
  product: "Тавар",
  languageLabel: "Мова",
  changeLanguage: "Змяніць мову",
  securedBy: "Абаронена Tessera",
};
