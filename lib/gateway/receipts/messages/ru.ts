import type { ReceiptMessages } from "./types";

export const ru: ReceiptMessages = {
  paymentTitle: "Квитанция об оплате",
  authorizationTitle: "Квитанция об авторизации",
  captureTitle: "Квитанция о списании",
  voidTitle: "Квитанция об отмене",
  refundTitle: "Квитанция о возврате",
  payoutTitle: "Квитанция о выплате",
  merchant: "Магазин",
  contact: "Контакты",
  description: "Описание",
  date: "Дата",
  card: "Карта",
  authorizationCode: "Код авторизации",
  reference: "Референсный номер (RRN)",
  statementDescriptor: "Текст в выписке",
  order: "Заказ",
  transaction: "Транзакция",
  testNotice: "Тестовая транзакция: деньги не переводились",
  notFoundHeading: "Квитанция не найдена",
  notFoundText: "Такой квитанции не существует.",
};
