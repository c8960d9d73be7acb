import type { LinkMessages } from "./types";

export const sr: LinkMessages = {
  soldOutHeading: "Распродато",
  soldOutText: "Све што је било понуђено преко ове везе за плаћање је продато. Ништа није наплаћено.",
  inactiveHeading: "Веза за плаћање је деактивирана",
  inactiveText: "Трговац је деактивирао ову везу за плаћање. Ништа није наплаћено.",
  expiredHeading: "Веза за плаћање је истекла",
  expiredText: "Ова веза за плаћање више не важи. Ништа није наплаћено.",
  notFoundHeading: "Веза за плаћање није пронађена",
  notFoundText: "Ова веза за плаћање не постоји. Проверите адресу коју сте добили.",
  busyHeading: "Превише захтева",
  busyText:
    "Ова веза за плаћање је пречесто отварана са ваше мреже. Покушајте поново за неколико минута. Ништа није наплаћено.",
  merchant: "Трговац",
  product: "Производ",
  languageLabel: "Језик",
  changeLanguage: "Промени језик",
  securedBy: "Заштићено услугом Tessera",
};
