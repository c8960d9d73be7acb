import type { LinkMessages } from "./types";

export const de: LinkMessages = {
  soldOutHeading: "Ausverkauft",
  soldOutText: "Alles, was über diesen Zahlungslink angeboten wurde, ist verkauft. Es wurde nichts belastet.",
  inactiveHeading: "Zahlungslink deaktiviert",
  inactiveText: "Der Händler hat diesen Zahlungslink deaktiviert. Es wurde nichts belastet.",
  expiredHeading: "Zahlungslink abgelaufen",
  expiredText: "Dieser Zahlungslink ist nicht mehr gültig. Es wurde nichts belastet.",
  notFoundHeading: "Zahlungslink nicht gefunden",
  notFoundText: "Diesen Zahlungslink gibt es nicht. Prüfen Sie die Adresse, die Sie erhalten haben.",
  busyHeading: "Zu viele Anfragen",
  busyText:
    "Dieser Zahlungslink wurde aus Ihrem Netzwerk zu oft geöffnet. Versuchen Sie es in einigen Minuten erneut. Es wurde nichts belastet.",
  merchant: "Händler",
  product: "Produkt",
  languageLabel: "Sprache",
  changeLanguage: "Sprache ändern",
  securedBy: "Gesichert durch Tessera",
};
