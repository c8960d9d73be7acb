import type { ReceiptMessages } from "./types";

export const no: ReceiptMessages = {
  paymentTitle: "Kvittering for betaling",
  authorizationTitle: "Kvittering for autorisering",
  captureTitle: "Kvittering for trekk",
  voidTitle: "Kvittering for annullering",
  refundTitle: "Kvittering for refusjon",
  payoutTitle: "Kvittering for utbetaling",
  merchant: "Butikk",
  contact: "Kontakt",
  description: "Beskrivelse",
  date: "Dato",
  card: "Kort",
  authorizationCode: "Autorisasjonskode",
  reference: "Referansenummer (RRN)",
  statementDescriptor: "Tekst på kontoutskrift",
  order: "Ordre",
  transaction: "Transaksjon",
  testNotice: "Testtransaksjon: ingen penger ble overført",
  notFoundHeading: "Fant ikke kvitteringen",
  notFoundText: "Denne kvitteringen finnes ikke.",
};
