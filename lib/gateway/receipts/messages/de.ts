import type { ReceiptMessages } from "./types";

export const de: ReceiptMessages = {
  paymentTitle: "Zahlungsbeleg",
  authorizationTitle: "Autorisierungsbeleg",
  captureTitle: "Abbuchungsbeleg",
  voidTitle: "Stornobeleg",
  refundTitle: "Erstattungsbeleg",
  payoutTitle: "Auszahlungsbeleg",
  merchant: "Händler",
  contact: "Kontakt",
  description: "Beschreibung",
  date: "Datum",
  card: "Karte",
  authorizationCode: "Autorisierungscode",
  reference: "Referenz (RRN)",
  statementDescriptor: "Text auf dem Kontoauszug",
  order: "Bestellung",
  transaction: "Transaktion",
  testNotice: "Testtransaktion: Es wurde kein Geld bewegt",
  notFoundHeading: "Beleg nicht gefunden",
  notFoundText: "Diesen Beleg gibt es nicht.",
};
