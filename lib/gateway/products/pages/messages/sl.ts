import type { LinkMessages } from "./types";

export const sl: LinkMessages = {
  soldOutHeading: "Razprodano",
  soldOutText: "Vse, kar je bilo ponujeno prek te plačilne povezave, je prodano. Nič ni bilo bremenjeno.",
  inactiveHeading: "Plačilna povezava onemogočena",
  inactiveText: "Trgovec je onemogočil to plačilno povezavo. Nič ni bilo bremenjeno.",
  expiredHeading: "Plačilna povezava je potekla",
  expiredText: "Ta plačilna povezava ni več veljavna. Nič ni bilo bremenjeno.",
  notFoundHeading: "Plačilne povezave ni mogoče najti",
  notFoundText: "Ta plačilna povezava ne obstaja. Preverite naslov, ki ste ga prejeli.",
  busyHeading: "Preveč zahtev",
  busyText:
    "Ta povezava za plačilo je bila iz vašega omrežja odprta prepogosto. Poskusite znova čez nekaj minut. Nič ni bilo zaračunano.",
  merchant: "Trgovec",
  product: "Izdelek",
  languageLabel: "Jezik",
  changeLanguage: "Zamenjaj jezik",
  securedBy: "Zaščito zagotavlja Tessera",
};
