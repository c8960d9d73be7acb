import type { ReceiptMessages } from "./types";

export const pl: ReceiptMessages = {
  paymentTitle: "Potwierdzenie płatności",
  authorizationTitle: "Potwierdzenie autoryzacji",
  captureTitle: "Potwierdzenie obciążenia",
  voidTitle: "Potwierdzenie anulowania",
  refundTitle: "Potwierdzenie zwrotu",
  payoutTitle: "Potwierdzenie wypłaty",
  merchant: "Sprzedawca",
  contact: "Kontakt",
  description: "Opis",
  date: "Data",
  card: "Karta",
  authorizationCode: "Kod autoryzacji",
  reference: "Numer referencyjny (RRN)",
  statementDescriptor: "Opis na wyciągu",
  order: "Zamówienie",
  transaction: "Transakcja",
  testNotice: "Transakcja testowa: nie przekazano żadnych pieniędzy",
  notFoundHeading: "Nie znaleziono potwierdzenia",
  notFoundText: "To potwierdzenie nie istnieje.",
};
