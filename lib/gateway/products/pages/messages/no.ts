import type { LinkMessages } from "./types";

export const no: LinkMessages = {
  soldOutHeading: "Utsolgt",
  soldOutText: "Alt som ble tilbudt via denne betalingslenken, er solgt. Ingenting er trukket.",
  inactiveHeading: "Betalingslenken er deaktivert",
  inactiveText: "Brukerstedet har deaktivert denne betalingslenken. Ingenting er trukket.",
  expiredHeading: "Betalingslenken er utløpt",
  expiredText: "Denne betalingslenken er ikke lenger gyldig. Ingenting er trukket.",
  notFoundHeading: "Fant ikke betalingslenken",
  notFoundText: "Denne betalingslenken finnes ikke. Kontroller adressen du fikk.",
  busyHeading: "For mange forespørsler",
  busyText:
    "Denne betalingslenken er åpnet for mange ganger fra nettverket ditt. Prøv igjen om noen minutter. Ingenting er trukket.",
  merchant: "Brukersted",
  product: "Produkt",
  languageLabel: "Språk",
  changeLanguage: "Bytt språk",
  securedBy: "Sikret av Tessera",
};
