import type { ReceiptMessages } from "./types";

export const be: ReceiptMessages = {
  paymentTitle: "Квітанцыя аб аплаце",
  authorizationTitle: "Квітанцыя аб аўтарызацыі",
  captureTitle: "Квітанцыя аб спісанні",
  voidTitle: "Квітанцыя аб адмене",
  refundTitle: "Квітанцыя аб вяртанні",
  payoutTitle: "Квітанцыя аб выплаце",
  merchant: "Крама",
  contact: "Кантакты",
  description: "Апісанне",
  date: "Дата",
  card: "Картка",
  authorizationCode: "Код аўтарызацыі",
  reference: "Рэферэнсны нумар (RRN)",
  statementDescriptor: "Тэкст у выпісцы",
  order: "Заказ",
  transaction: "Транзакцыя",
  testNotice: "Тэставая транзакцыя: грошы не пераводзіліся",
  notFoundHeading: "Квітанцыя не знойдзена",
  notFoundText: "Такой квітанцыі не існуе.",
};
