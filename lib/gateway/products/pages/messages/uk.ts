import type { LinkMessages } from "./types";

export const uk: LinkMessages = {
  soldOutHeading: "Розпродано",
  soldOutText: "Усе, що пропонувалося за цим посиланням на оплату, продано. Кошти не списано.",
  inactiveHeading: "Посилання на оплату вимкнено",
  inactiveText: "Продавець вимкнув це посилання на оплату. Кошти не списано.",
  expiredHeading: "Термін дії посилання минув",
  expiredText: "Це посилання на оплату більше не дійсне. Кошти не списано.",
  notFoundHeading: "Посилання на оплату не знайдено",
  notFoundText: "Такого посилання на оплату немає. Перевірте адресу, яку вам дали.",
  busyHeading: "Забагато запитів",
  busyText:
    "Це посилання на оплату надто часто відкривали з вашої мережі. Спробуйте ще раз за кілька хвилин. Кошти не списано.",
  merchant: "Продавець",
  product: "Товар",
  languageLabel: "Мова",
  changeLanguage: "Змінити мову",
  securedBy: "Захищено Tessera",
};
