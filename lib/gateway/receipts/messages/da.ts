import type { ReceiptMessages } from "./types";

export const da: ReceiptMessages = {
  paymentTitle: "Kvittering for betaling",
  authorizationTitle: "Kvittering for godkendelse",
  captureTitle: "Kvittering for hævning",
  voidTitle: "Kvittering for annullering",
  refundTitle: "Kvittering for refundering",
  payoutTitle: "Kvittering for udbetaling",
  merchant: "Forretning",
  contact: "Kontakt",
  description: "Beskrivelse",
  date: "Dato",
  card: "Kort",
  authorizationCode: "Godkendelseskode",
  reference: "Referencenummer (RRN)",
  statementDescriptor: "Tekst på kontoudtog",
  order: "Ordre",
  transaction: "Transaktion",
  testNotice: "Testtransaktion: ingen penge blev overført",
  notFoundHeading: "Kvitteringen blev ikke fundet",
  notFoundText: "Denne kvittering findes ikke.",
};
