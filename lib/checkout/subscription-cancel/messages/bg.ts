import type { SubscriptionCancelMessages } from "./types";

export const bg: SubscriptionCancelMessages = {
  title: "Откажете абонамента си",
  explain: "Ако откажете, нищо повече не се таксува. Абонаментът остава активен до {date}.",
  explainNoDate: "Ако откажете, нищо повече не се таксува.",
  confirm: "Откажи абонамента",
  canceledTitle: "Абонаментът ви е отказан",
  canceledBody: "Нищо повече няма да бъде таксувано.",
  canceledUntil: "Остава активен до {date}.",
  endedTitle: "Този абонамент е приключил",
  endedBody: "Няма какво да се откаже.",
  notFoundTitle: "Тази връзка не е валидна",
  notFoundBody: "Проверете връзката в имейла си или се свържете с магазина.",
  unavailable: "Страницата не можа да се зареди. Опитайте отново по-късно.",
  planLabel: "Абонамент",
  shopLabel: "Магазин",
};
