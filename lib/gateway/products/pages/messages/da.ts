import type { LinkMessages } from "./types";

export const da: LinkMessages = {
  soldOutHeading: "Udsolgt",
  soldOutText: "Alt, der blev tilbudt via dette betalingslink, er solgt. Der er ikke trukket noget.",
  inactiveHeading: "Betalingslink deaktiveret",
  inactiveText: "Forhandleren har deaktiveret dette betalingslink. Der er ikke trukket noget.",
  expiredHeading: "Betalingslinket er udløbet",
  expiredText: "Dette betalingslink er ikke længere gyldigt. Der er ikke trukket noget.",
  notFoundHeading: "Betalingslinket blev ikke fundet",
  notFoundText: "Dette betalingslink findes ikke. Kontrollér den adresse, du har fået.",
  busyHeading: "For mange forespørgsler",
  busyText:
    "Dette betalingslink er åbnet for mange gange fra dit netværk. Prøv igen om et par minutter. Der er ikke trukket noget.",
  merchant: "Forhandler",
  product: "Produkt",
  languageLabel: "Sprog",
  changeLanguage: "Skift sprog",
  securedBy: "Sikret af Tessera",
};
