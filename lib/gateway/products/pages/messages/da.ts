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
  merchant: "Forhandler",
  product: "Produkt",
  languageLabel: "Sprog",
  changeLanguage: "Skift sprog",
  securedBy: "Sikret af Tessera",
};
