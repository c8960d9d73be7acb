import type { LinkMessages } from "./types";

export const hu: LinkMessages = {
  soldOutHeading: "Elfogyott",
  soldOutText: "Minden, amit ezen a fizetési linken kínáltak, elfogyott. Nem történt terhelés.",
  inactiveHeading: "A fizetési link inaktív",
  inactiveText: "A kereskedő inaktiválta ezt a fizetési linket. Nem történt terhelés.",
  expiredHeading: "A fizetési link lejárt",
  expiredText: "Ez a fizetési link már nem érvényes. Nem történt terhelés.",
  notFoundHeading: "A fizetési link nem található",
  notFoundText: "Ez a fizetési link nem létezik. Ellenőrizze a kapott címet.",
  busyHeading: "Túl sok kérés",
  busyText:
    "Ezt a fizetési linket túl sokszor nyitották meg az Ön hálózatáról. Próbálja újra néhány perc múlva. Nem történt terhelés.",
  merchant: "Kereskedő",
  product: "Termék",
  languageLabel: "Nyelv",
  changeLanguage: "Nyelv módosítása",
  securedBy: "Védelem: Tessera",
};
