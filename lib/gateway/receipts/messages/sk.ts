import type { ReceiptMessages } from "./types";

export const sk: ReceiptMessages = {
  paymentTitle: "Potvrdenie o platbe",
  authorizationTitle: "Potvrdenie o autorizácii",
  captureTitle: "Potvrdenie o zaúčtovaní",
  voidTitle: "Potvrdenie o zrušení",
  refundTitle: "Potvrdenie o vrátení peňazí",
  payoutTitle: "Potvrdenie o výplate",
  merchant: "Obchodník",
  contact: "Kontakt",
  description: "Popis",
  date: "Dátum",
  card: "Karta",
  authorizationCode: "Autorizačný kód",
  reference: "Referenčné číslo (RRN)",
  statementDescriptor: "Text na výpise",
  order: "Objednávka",
  transaction: "Transakcia",
  testNotice: "Testovacia transakcia: neboli prevedené žiadne peniaze",
  notFoundHeading: "Potvrdenie sa nenašlo",
  notFoundText: "Toto potvrdenie neexistuje.",
};
