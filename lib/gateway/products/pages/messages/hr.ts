import type { LinkMessages } from "./types";

export const hr: LinkMessages = {
  soldOutHeading: "Rasprodano",
  soldOutText: "Sve što je bilo ponuđeno putem ove poveznice za plaćanje je prodano. Ništa nije naplaćeno.",
  inactiveHeading: "Poveznica za plaćanje deaktivirana",
  inactiveText: "Trgovac je deaktivirao ovu poveznicu za plaćanje. Ništa nije naplaćeno.",
  expiredHeading: "Poveznica za plaćanje je istekla",
  expiredText: "Ova poveznica za plaćanje više ne vrijedi. Ništa nije naplaćeno.",
  notFoundHeading: "Poveznica za plaćanje nije pronađena",
  notFoundText: "Ova poveznica za plaćanje ne postoji. Provjerite adresu koju ste dobili.",
  busyHeading: "Previše zahtjeva",
  busyText:
    "Ova poveznica za plaćanje otvorena je prečesto s vaše mreže. Pokušajte ponovno za nekoliko minuta. Ništa nije naplaćeno.",
  merchant: "Trgovac",
  product: "Proizvod",
  languageLabel: "Jezik",
  changeLanguage: "Promijeni jezik",
  securedBy: "Zaštićeno uslugom Tessera",
};
