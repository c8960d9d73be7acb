import type { ReceiptMessages } from "./types";

export const uk: ReceiptMessages = {
  paymentTitle: "Квитанція про оплату",
  authorizationTitle: "Квитанція про авторизацію",
  captureTitle: "Квитанція про списання",
  voidTitle: "Квитанція про скасування",
  refundTitle: "Квитанція про повернення",
  payoutTitle: "Квитанція про виплату",
  merchant: "Магазин",
  contact: "Контакти",
  description: "Опис",
  date: "Дата",
  card: "Картка",
  authorizationCode: "Код авторизації",
  reference: "Референсний номер (RRN)",
  statementDescriptor: "Текст у виписці",
  order: "Замовлення",
  transaction: "Транзакція",
  testNotice: "Тестова транзакція: гроші не переказувалися",
  notFoundHeading: "Квитанцію не знайдено",
  notFoundText: "Такої квитанції не існує.",
};
