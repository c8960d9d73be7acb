import type { ReceiptMessages } from "./types";

export const sv: ReceiptMessages = {
  paymentTitle: "Kvitto för betalning",
  authorizationTitle: "Kvitto för auktorisering",
  captureTitle: "Kvitto för dragning",
  voidTitle: "Kvitto för annullering",
  refundTitle: "Kvitto för återbetalning",
  payoutTitle: "Kvitto för utbetalning",
  merchant: "Butik",
  contact: "Kontakt",
  description: "Beskrivning",
  date: "Datum",
  card: "Kort",
  authorizationCode: "Auktoriseringskod",
  reference: "Referensnummer (RRN)",
  statementDescriptor: "Text på kontoutdrag",
  order: "Order",
  transaction: "Transaktion",
  testNotice: "Testtransaktion: inga pengar har flyttats",
  notFoundHeading: "Kvittot hittades inte",
  notFoundText: "Det här kvittot finns inte.",
};
