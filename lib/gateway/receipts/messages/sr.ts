import type { ReceiptMessages } from "./types";

export const sr: ReceiptMessages = {
  paymentTitle: "Потврда о плаћању",
  authorizationTitle: "Потврда о ауторизацији",
  captureTitle: "Потврда о задужењу",
  voidTitle: "Потврда о поништењу",
  refundTitle: "Потврда о повраћају новца",
  payoutTitle: "Потврда о исплати",
  merchant: "Трговац",
  contact: "Контакт",
  description: "Опис",
  date: "Датум",
  card: "Картица",
  authorizationCode: "Ауторизациони код",
  reference: "Референтни број (RRN)",
  statementDescriptor: "Текст на изводу",
  order: "Поруџбина",
  transaction: "Трансакција",
  testNotice: "Тест трансакција: новац није пребачен",
  notFoundHeading: "Потврда није пронађена",
  notFoundText: "Ова потврда не постоји.",
};
