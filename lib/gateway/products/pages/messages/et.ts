import type { LinkMessages } from "./types";

export const et: LinkMessages = {
  soldOutHeading: "Välja müüdud",
  soldOutText: "Kõik, mida selle makselingi kaudu pakuti, on müüdud. Raha ei võetud.",
  inactiveHeading: "Makselink on välja lülitatud",
  inactiveText: "Kaupmees on selle makselingi välja lülitanud. Raha ei võetud.",
  expiredHeading: "Makselink on aegunud",
  expiredText: "See makselink ei kehti enam. Raha ei võetud.",
  notFoundHeading: "Makselinki ei leitud",
  notFoundText: "Sellist makselinki ei ole. Kontrollige saadud aadressi.",
  busyHeading: "Liiga palju päringuid",
  busyText:
    "Seda makselinki on teie võrgust liiga sageli avatud. Proovige mõne minuti pärast uuesti. Midagi ei võetud.",
  merchant: "Kaupmees",
  product: "Toode",
  languageLabel: "Keel",
  changeLanguage: "Vaheta keelt",
  securedBy: "Turvab Tessera",
};
