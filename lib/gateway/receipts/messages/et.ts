import type { ReceiptMessages } from "./types";

export const et: ReceiptMessages = {
  paymentTitle: "Maksekviitung",
  authorizationTitle: "Autoriseerimise kviitung",
  captureTitle: "Debiteerimise kviitung",
  voidTitle: "Tühistamise kviitung",
  refundTitle: "Tagastamise kviitung",
  payoutTitle: "Väljamakse kviitung",
  merchant: "Kaupmees",
  contact: "Kontakt",
  description: "Kirjeldus",
  date: "Kuupäev",
  card: "Kaart",
  authorizationCode: "Autoriseerimiskood",
  reference: "Tehingu viide (RRN)",
  statementDescriptor: "Tekst konto väljavõttel",
  order: "Tellimus",
  transaction: "Tehing",
  testNotice: "Testtehing: raha ei liikunud",
  notFoundHeading: "Kviitungit ei leitud",
  notFoundText: "Seda kviitungit ei ole olemas.",
};
