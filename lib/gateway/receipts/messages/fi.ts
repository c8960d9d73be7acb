import type { ReceiptMessages } from "./types";

export const fi: ReceiptMessages = {
  paymentTitle: "Maksukuitti",
  authorizationTitle: "Valtuutuskuitti",
  captureTitle: "Veloituskuitti",
  voidTitle: "Peruutuskuitti",
  refundTitle: "Hyvityskuitti",
  payoutTitle: "Maksatuskuitti",
  merchant: "Kauppias",
  contact: "Yhteystiedot",
  description: "Kuvaus",
  date: "Päivämäärä",
  card: "Kortti",
  authorizationCode: "Valtuutuskoodi",
  reference: "Arkistointitunnus (RRN)",
  statementDescriptor: "Teksti tiliotteella",
  order: "Tilaus",
  transaction: "Tapahtuma",
  testNotice: "Testitapahtuma: rahaa ei siirretty",
  notFoundHeading: "Kuittia ei löytynyt",
  notFoundText: "Tätä kuittia ei ole olemassa.",
};
