import type { SubscriptionCancelMessages } from "./types";

export const ru: SubscriptionCancelMessages = {
  title: "Отмена подписки",
  explain: "Если вы отмените подписку, больше ничего не будет списано. Подписка действует до {date}.",
  explainNoDate: "Если вы отмените подписку, больше ничего не будет списано.",
  confirm: "Отменить подписку",
  canceledTitle: "Ваша подписка отменена",
  canceledBody: "Больше ничего не будет списано.",
  canceledUntil: "Она действует до {date}.",
  endedTitle: "Эта подписка завершена",
  endedBody: "Отменять нечего.",
  notFoundTitle: "Ссылка недействительна",
  notFoundBody: "Проверьте ссылку в письме или свяжитесь с магазином.",
  unavailable: "Не удалось загрузить страницу. Попробуйте позже.",
  planLabel: "Подписка",
  shopLabel: "Магазин",
};
