import type { ReceiptMessages } from "./types";

export const it: ReceiptMessages = {
  paymentTitle: "Ricevuta di pagamento",
  authorizationTitle: "Ricevuta di autorizzazione",
  captureTitle: "Ricevuta di addebito",
  voidTitle: "Ricevuta di annullamento",
  refundTitle: "Ricevuta di rimborso",
  payoutTitle: "Ricevuta di accredito",
  merchant: "Esercente",
  contact: "Contatti",
  description: "Descrizione",
  date: "Data",
  card: "Carta",
  authorizationCode: "Codice di autorizzazione",
  reference: "Riferimento (RRN)",
  statementDescriptor: "Dicitura sull'estratto conto",
  order: "Ordine",
  transaction: "Transazione",
  testNotice: "Transazione di test: nessun movimento di denaro",
  notFoundHeading: "Ricevuta non trovata",
  notFoundText: "Questa ricevuta non esiste.",
};
