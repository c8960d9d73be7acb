import type { SubscriptionCancelMessages } from "./types";

export const be: SubscriptionCancelMessages = {
  title: "Скасаванне падпіскі",
  explain: "Калі вы скасуеце падпіску, больш нічога не будзе спісана. Падпіска дзейнічае да {date}.",
  explainNoDate: "Калі вы скасуеце падпіску, больш нічога не будзе спісана.",
  confirm: "Скасаваць падпіску",
  canceledTitle: "Вашу падпіску скасавана",
  canceledBody: "Больш нічога не будзе спісана.",
  canceledUntil: "Яна дзейнічае да {date}.",
  endedTitle: "Гэтая падпіска завершана",
  endedBody: "Скасоўваць няма чаго.",
  notFoundTitle: "Спасылка несапраўдная",
  notFoundBody: "Праверце спасылку ў лісце або звярніцеся ў краму.",
  unavailable: "Не атрымалася загрузіць старонку. Паспрабуйце пазней.",
  planLabel: "Падпіска",
  shopLabel: "Крама",
};
