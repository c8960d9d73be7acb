import type { ReceiptMessages } from "./types";

export const bg: ReceiptMessages = {
  paymentTitle: "Разписка за плащане",
  authorizationTitle: "Разписка за оторизация",
  captureTitle: "Разписка за дебитиране",
  voidTitle: "Разписка за анулиране",
  refundTitle: "Разписка за възстановяване",
  payoutTitle: "Разписка за изплащане",
  merchant: "Търговец",
  contact: "Контакти",
  description: "Описание",
  date: "Дата",
  card: "Карта",
  authorizationCode: "Код за оторизация",
  reference: "Референтен номер (RRN)",
  statementDescriptor: "Текст в извлечението",
  order: "Поръчка",
  transaction: "Трансакция",
  testNotice: "Тестова трансакция: не са преведени пари",
  notFoundHeading: "Разписката не е намерена",
  notFoundText: "Тази разписка не съществува.",
};
