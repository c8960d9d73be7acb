import type { LinkMessages } from "./types";

export const cs: LinkMessages = {
  soldOutHeading: "Vyprodáno",
  soldOutText: "Vše, co bylo nabízeno přes tento platební odkaz, je prodáno. Nic nebylo strženo.",
  inactiveHeading: "Platební odkaz deaktivován",
  inactiveText: "Obchodník tento platební odkaz deaktivoval. Nic nebylo strženo.",
  expiredHeading: "Platnost platebního odkazu vypršela",
  expiredText: "Tento platební odkaz již neplatí. Nic nebylo strženo.",
  notFoundHeading: "Platební odkaz nenalezen",
  notFoundText: "Tento platební odkaz neexistuje. Zkontrolujte adresu, kterou jste dostali.",
  busyHeading: "Příliš mnoho požadavků",
  busyText:
    "Tento platební odkaz byl z vaší sítě otevřen příliš často. Zkuste to znovu za několik minut. Nic nebylo strženo.",
  merchant: "Obchodník",
  product: "Produkt",
  languageLabel: "Jazyk",
  changeLanguage: "Změnit jazyk",
  securedBy: "Zabezpečeno službou Tessera",
};
