import type { ReceiptMessages } from "./types";

export const sl: ReceiptMessages = {
  paymentTitle: "Potrdilo o plačilu",
  authorizationTitle: "Potrdilo o avtorizaciji",
  captureTitle: "Potrdilo o bremenitvi",
  voidTitle: "Potrdilo o preklicu",
  refundTitle: "Potrdilo o vračilu",
  payoutTitle: "Potrdilo o izplačilu",
  merchant: "Trgovec",
  contact: "Kontakt",
  description: "Opis",
  date: "Datum",
  card: "Kartica",
  authorizationCode: "Avtorizacijska koda",
  reference: "Referenčna številka (RRN)",
  statementDescriptor: "Besedilo na izpisku",
  order: "Naročilo",
  transaction: "Transakcija",
  testNotice: "Preskusna transakcija: denar ni bil prenesen",
  notFoundHeading: "Potrdila ni mogoče najti",
  notFoundText: "To potrdilo ne obstaja.",
};
