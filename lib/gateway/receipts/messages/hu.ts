import type { ReceiptMessages } from "./types";

export const hu: ReceiptMessages = {
  paymentTitle: "Fizetési bizonylat",
  authorizationTitle: "Engedélyezési bizonylat",
  captureTitle: "Terhelési bizonylat",
  voidTitle: "Sztornóbizonylat",
  refundTitle: "Visszatérítési bizonylat",
  payoutTitle: "Kifizetési bizonylat",
  merchant: "Kereskedő",
  contact: "Kapcsolat",
  description: "Leírás",
  date: "Dátum",
  card: "Kártya",
  authorizationCode: "Engedélyezési kód",
  reference: "Referenciaszám (RRN)",
  statementDescriptor: "Szöveg a számlakivonaton",
  order: "Rendelés",
  transaction: "Tranzakció",
  testNotice: "Teszttranzakció: nem történt pénzmozgás",
  notFoundHeading: "A bizonylat nem található",
  notFoundText: "Ez a bizonylat nem létezik.",
};
