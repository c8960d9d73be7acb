import type { ReceiptMessages } from "./types";

export const lt: ReceiptMessages = {
  paymentTitle: "Mokėjimo kvitas",
  authorizationTitle: "Autorizacijos kvitas",
  captureTitle: "Nuskaitymo kvitas",
  voidTitle: "Atšaukimo kvitas",
  refundTitle: "Grąžinimo kvitas",
  payoutTitle: "Išmokėjimo kvitas",
  merchant: "Prekybininkas",
  contact: "Kontaktai",
  description: "Aprašymas",
  date: "Data",
  card: "Kortelė",
  authorizationCode: "Autorizacijos kodas",
  reference: "Nuorodos numeris (RRN)",
  statementDescriptor: "Tekstas sąskaitos išraše",
  order: "Užsakymas",
  transaction: "Operacija",
  testNotice: "Bandomoji operacija: pinigai nebuvo pervesti",
  notFoundHeading: "Kvitas nerastas",
  notFoundText: "Tokio kvito nėra.",
};
