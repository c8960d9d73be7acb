import type { ReceiptMessages } from "./types";

export const nl: ReceiptMessages = {
  paymentTitle: "Betalingsbewijs",
  authorizationTitle: "Autorisatiebewijs",
  captureTitle: "Afschrijvingsbewijs",
  voidTitle: "Annuleringsbewijs",
  refundTitle: "Terugbetalingsbewijs",
  payoutTitle: "Uitbetalingsbewijs",
  merchant: "Winkel",
  contact: "Contact",
  description: "Omschrijving",
  date: "Datum",
  card: "Kaart",
  authorizationCode: "Autorisatiecode",
  reference: "Referentie (RRN)",
  statementDescriptor: "Tekst op rekeningafschrift",
  order: "Bestelling",
  transaction: "Transactie",
  testNotice: "Testtransactie: er is geen geld verplaatst",
  notFoundHeading: "Bewijs niet gevonden",
  notFoundText: "Dit bewijs bestaat niet.",
};
