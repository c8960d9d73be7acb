import type { ReceiptMessages } from "./types";

export const kk: ReceiptMessages = {
  paymentTitle: "Төлем түбіртегі",
  authorizationTitle: "Авторизация түбіртегі",
  captureTitle: "Есептен шығару түбіртегі",
  voidTitle: "Болдырмау түбіртегі",
  refundTitle: "Қайтару түбіртегі",
  payoutTitle: "Төлеп беру түбіртегі",
  merchant: "Сатушы",
  contact: "Байланыс",
  description: "Сипаттама",
  date: "Күні",
  card: "Карта",
  authorizationCode: "Авторизация коды",
  reference: "Анықтамалық нөмір (RRN)",
  statementDescriptor: "Үзінді көшірмедегі мәтін",
  order: "Тапсырыс",
  transaction: "Транзакция",
  testNotice: "Сынақ транзакциясы: ақша аударылған жоқ",
  notFoundHeading: "Түбіртек табылмады",
  notFoundText: "Мұндай түбіртек жоқ.",
};
