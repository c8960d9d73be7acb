import type { LinkMessages } from "./types";

export const nl: LinkMessages = {
  soldOutHeading: "Uitverkocht",
  soldOutText: "Alles wat via deze betaallink werd aangeboden, is verkocht. Er is niets afgeschreven.",
  inactiveHeading: "Betaallink gedeactiveerd",
  inactiveText: "De verkoper heeft deze betaallink gedeactiveerd. Er is niets afgeschreven.",
  expiredHeading: "Betaallink verlopen",
  expiredText: "Deze betaallink is niet meer geldig. Er is niets afgeschreven.",
  notFoundHeading: "Betaallink niet gevonden",
  notFoundText: "Deze betaallink bestaat niet. Controleer het adres dat u hebt gekregen.",
  busyHeading: "Te veel verzoeken",
  busyText:
    "Deze betaallink is te vaak geopend vanaf uw netwerk. Probeer het over een paar minuten opnieuw. Er is niets afgeschreven.",
  merchant: "Verkoper",
  product: "Product",
  languageLabel: "Taal",
  changeLanguage: "Taal wijzigen",
  securedBy: "Beveiligd door Tessera",
};
