import type { ReceiptMessages } from "./types";

export const ro: ReceiptMessages = {
  paymentTitle: "Chitanță de plată",
  authorizationTitle: "Chitanță de autorizare",
  captureTitle: "Chitanță de decontare",
  voidTitle: "Chitanță de anulare",
  refundTitle: "Chitanță de rambursare",
  payoutTitle: "Chitanță de transfer pe card",
  merchant: "Comerciant",
  contact: "Contact",
  description: "Descriere",
  date: "Data",
  card: "Card",
  authorizationCode: "Cod de autorizare",
  reference: "Număr de referință (RRN)",
  statementDescriptor: "Text pe extras",
  order: "Comanda",
  transaction: "Tranzacție",
  testNotice: "Tranzacție de test: nu s-au transferat bani",
  notFoundHeading: "Chitanța nu a fost găsită",
  notFoundText: "Această chitanță nu există.",
};
