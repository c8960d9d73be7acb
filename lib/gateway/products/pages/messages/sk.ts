import type { LinkMessages } from "./types";

export const sk: LinkMessages = {
  soldOutHeading: "Vypredané",
  soldOutText: "Všetko, čo sa ponúkalo cez tento platobný odkaz, je predané. Nič nebolo stiahnuté.",
  inactiveHeading: "Platobný odkaz deaktivovaný",
  inactiveText: "Obchodník deaktivoval tento platobný odkaz. Nič nebolo stiahnuté.",
  expiredHeading: "Platnosť platobného odkazu vypršala",
  expiredText: "Tento platobný odkaz už nie je platný. Nič nebolo stiahnuté.",
  notFoundHeading: "Platobný odkaz sa nenašiel",
  notFoundText: "Tento platobný odkaz neexistuje. Skontrolujte adresu, ktorú ste dostali.",
  busyHeading: "Príliš veľa požiadaviek",
  busyText:
    "Tento platobný odkaz bol z vašej siete otvorený príliš často. Skúste to znova o niekoľko minút. Nič nebolo stiahnuté.",
  merchant: "Obchodník",
  product: "Produkt",
  languageLabel: "Jazyk",
  changeLanguage: "Zmeniť jazyk",
  securedBy: "Zabezpečené službou Tessera",
};
