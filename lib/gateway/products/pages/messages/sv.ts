import type { LinkMessages } from "./types";

export const sv: LinkMessages = {
  soldOutHeading: "Slutsålt",
  soldOutText: "Allt som erbjöds via den här betalningslänken är sålt. Inget har debiterats.",
  inactiveHeading: "Betalningslänken är inaktiverad",
  inactiveText: "Handlaren har inaktiverat den här betalningslänken. Inget har debiterats.",
  expiredHeading: "Betalningslänken har gått ut",
  expiredText: "Den här betalningslänken gäller inte längre. Inget har debiterats.",
  notFoundHeading: "Betalningslänken hittades inte",
  notFoundText: "Den här betalningslänken finns inte. Kontrollera adressen du fick.",
  busyHeading: "För många förfrågningar",
  busyText:
    "Den här betalningslänken har öppnats för många gånger från ditt nätverk. Försök igen om några minuter. Ingenting har dragits.",
  merchant: "Handlare",
  product: "Produkt",
  languageLabel: "Språk",
  changeLanguage: "Byt språk",
  securedBy: "Skyddas av Tessera",
};
