import type { LinkMessages } from "./types";

export const pl: LinkMessages = {
  soldOutHeading: "Wyprzedane",
  soldOutText: "Wszystko, co oferowano przez ten link płatności, zostało sprzedane. Nic nie zostało pobrane.",
  inactiveHeading: "Link płatności wyłączony",
  inactiveText: "Sprzedawca wyłączył ten link płatności. Nic nie zostało pobrane.",
  expiredHeading: "Link płatności wygasł",
  expiredText: "Ten link płatności nie jest już ważny. Nic nie zostało pobrane.",
  notFoundHeading: "Nie znaleziono linku płatności",
  notFoundText: "Ten link płatności nie istnieje. Sprawdź otrzymany adres.",
  merchant: "Sprzedawca",
  product: "Produkt",
  languageLabel: "Język",
  changeLanguage: "Zmień język",
  securedBy: "Zabezpieczone przez Tessera",
};
