import type { LinkMessages } from "./types";

export const lt: LinkMessages = {
  soldOutHeading: "Išparduota",
  soldOutText: "Viskas, kas buvo siūloma per šią mokėjimo nuorodą, parduota. Nieko nenuskaičiuota.",
  inactiveHeading: "Mokėjimo nuoroda išjungta",
  inactiveText: "Prekybininkas išjungė šią mokėjimo nuorodą. Nieko nenuskaičiuota.",
  expiredHeading: "Mokėjimo nuorodos galiojimas baigėsi",
  expiredText: "Ši mokėjimo nuoroda nebegalioja. Nieko nenuskaičiuota.",
  notFoundHeading: "Mokėjimo nuoroda nerasta",
  notFoundText: "Tokios mokėjimo nuorodos nėra. Patikrinkite gautą adresą.",
  busyHeading: "Per daug užklausų",
  busyText:
    "Ši mokėjimo nuoroda iš jūsų tinklo atidaryta per dažnai. Bandykite dar kartą po kelių minučių. Niekas nenuskaičiuota.",
  merchant: "Prekybininkas",
  product: "Prekė",
  languageLabel: "Kalba",
  changeLanguage: "Keisti kalbą",
  securedBy: "Apsaugota Tessera",
};
