import type { SubscriptionCancelMessages } from "./types";

export const uk: SubscriptionCancelMessages = {
  title: "Скасування підписки",
  explain: "Якщо ви скасуєте підписку, більше нічого не буде списано. Підписка діє до {date}.",
  explainNoDate: "Якщо ви скасуєте підписку, більше нічого не буде списано.",
  confirm: "Скасувати підписку",
  canceledTitle: "Вашу підписку скасовано",
  canceledBody: "Більше нічого не буде списано.",
  canceledUntil: "Вона діє до {date}.",
  endedTitle: "Ця підписка завершилася",
  endedBody: "Скасовувати нічого.",
  notFoundTitle: "Посилання недійсне",
  notFoundBody: "Перевірте посилання в листі або зверніться до магазину.",
  unavailable: "Не вдалося завантажити сторінку. Спробуйте пізніше.",
  planLabel: "Підписка",
  shopLabel: "Магазин",
};
