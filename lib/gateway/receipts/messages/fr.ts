import type { ReceiptMessages } from "./types";

export const fr: ReceiptMessages = {
  paymentTitle: "Reçu de paiement",
  authorizationTitle: "Reçu d'autorisation",
  captureTitle: "Reçu d'encaissement",
  voidTitle: "Reçu d'annulation",
  refundTitle: "Reçu de remboursement",
  payoutTitle: "Reçu de versement",
  merchant: "Commerçant",
  contact: "Contact",
  description: "Description",
  date: "Date",
  card: "Carte",
  authorizationCode: "Code d'autorisation",
  reference: "Référence (RRN)",
  statementDescriptor: "Libellé sur le relevé",
  order: "Commande",
  transaction: "Transaction",
  testNotice: "Transaction de test : aucun mouvement de fonds",
  notFoundHeading: "Reçu introuvable",
  notFoundText: "Ce reçu n'existe pas.",
};
