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
  busyHeading: "Zbyt wiele żądań",
  busyText:
    "Ten link do płatności był zbyt często otwierany z Twojej sieci. Spróbuj ponownie za kilka minut. Nic nie zostało pobrane.",
  merchant: "Sprzedawca",
  product: "Produkt",
  languageLabel: "Język",
  changeLanguage: "Zmień język",
  securedBy: "Zabezpieczone przez Tessera",
};
