import type { ReceiptMessages } from "./types";

export const hr: ReceiptMessages = {
  paymentTitle: "Potvrda o plaćanju",
  authorizationTitle: "Potvrda o autorizaciji",
  captureTitle: "Potvrda o terećenju",
  voidTitle: "Potvrda o poništenju",
  refundTitle: "Potvrda o povratu novca",
  payoutTitle: "Potvrda o isplati",
  merchant: "Trgovac",
  contact: "Kontakt",
  description: "Opis",
  date: "Datum",
  card: "Kartica",
  authorizationCode: "Autorizacijski kod",
  reference: "Referentni broj (RRN)",
  statementDescriptor: "Tekst na izvodu",
  order: "Narudžba",
  transaction: "Transakcija",
  testNotice: "Testna transakcija: novac nije prebačen",
  notFoundHeading: "Potvrda nije pronađena",
  notFoundText: "Ova potvrda ne postoji.",
};
