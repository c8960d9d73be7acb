import type { ReceiptMessages } from "./types";

export const cs: ReceiptMessages = {
  paymentTitle: "Potvrzení o platbě",
  authorizationTitle: "Potvrzení o autorizaci",
  captureTitle: "Potvrzení o zaúčtování",
  voidTitle: "Potvrzení o zrušení",
  refundTitle: "Potvrzení o vrácení peněz",
  payoutTitle: "Potvrzení o výplatě",
  merchant: "Obchodník",
  contact: "Kontakt",
  description: "Popis",
  date: "Datum",
  card: "Karta",
  authorizationCode: "Autorizační kód",
  reference: "Referenční číslo (RRN)",
  statementDescriptor: "Text na výpisu",
  order: "Objednávka",
  transaction: "Transakce",
  testNotice: "Testovací transakce: nebyly převedeny žádné peníze",
  notFoundHeading: "Potvrzení nenalezeno",
  notFoundText: "Toto potvrzení neexistuje.",
};
