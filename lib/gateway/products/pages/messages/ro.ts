import type { LinkMessages } from "./types";

export const ro: LinkMessages = {
  soldOutHeading: "Stoc epuizat",
  soldOutText: "Tot ce se oferea prin acest link de plată a fost vândut. Nu s-a debitat nimic.",
  inactiveHeading: "Link de plată dezactivat",
  inactiveText: "Comerciantul a dezactivat acest link de plată. Nu s-a debitat nimic.",
  expiredHeading: "Link de plată expirat",
  expiredText: "Acest link de plată nu mai este valabil. Nu s-a debitat nimic.",
  notFoundHeading: "Linkul de plată nu a fost găsit",
  notFoundText: "Acest link de plată nu există. Verificați adresa primită.",
  busyHeading: "Prea multe cereri",
  busyText:
    "Acest link de plată a fost deschis de prea multe ori din rețeaua dvs. Încercați din nou peste câteva minute. Nu s-a debitat nimic.",
  merchant: "Comerciant",
  product: "Produs",
  languageLabel: "Limbă",
  changeLanguage: "Schimbați limba",
  securedBy: "Securizat de Tessera",
};
