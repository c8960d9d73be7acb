import type { ReceiptMessages } from "./types";

export const lv: ReceiptMessages = {
  paymentTitle: "Maksājuma kvīts",
  authorizationTitle: "Autorizācijas kvīts",
  captureTitle: "Norakstīšanas kvīts",
  voidTitle: "Atcelšanas kvīts",
  refundTitle: "Atmaksas kvīts",
  payoutTitle: "Izmaksas kvīts",
  merchant: "Tirgotājs",
  contact: "Kontakti",
  description: "Apraksts",
  date: "Datums",
  card: "Karte",
  authorizationCode: "Autorizācijas kods",
  reference: "Atsauces numurs (RRN)",
  statementDescriptor: "Teksts konta izrakstā",
  order: "Pasūtījums",
  transaction: "Darījums",
  testNotice: "Testa darījums: nauda netika pārskaitīta",
  notFoundHeading: "Kvīts nav atrasta",
  notFoundText: "Šāda kvīts nepastāv.",
};
