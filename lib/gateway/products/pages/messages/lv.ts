import type { LinkMessages } from "./types";

export const lv: LinkMessages = {
  soldOutHeading: "Izpārdots",
  soldOutText: "Viss, kas tika piedāvāts ar šo maksājuma saiti, ir pārdots. Nekas netika iekasēts.",
  inactiveHeading: "Maksājuma saite deaktivizēta",
  inactiveText: "Tirgotājs ir deaktivizējis šo maksājuma saiti. Nekas netika iekasēts.",
  expiredHeading: "Maksājuma saitei beidzies derīgums",
  expiredText: "Šī maksājuma saite vairs nav derīga. Nekas netika iekasēts.",
  notFoundHeading: "Maksājuma saite nav atrasta",
  notFoundText: "Šāda maksājuma saite nepastāv. Pārbaudiet saņemto adresi.",
  busyHeading: "Pārāk daudz pieprasījumu",
  busyText:
    "Šī maksājuma saite no jūsu tīkla ir atvērta pārāk bieži. Mēģiniet vēlreiz pēc dažām minūtēm. Nekas netika iekasēts.",
  merchant: "Tirgotājs",
  product: "Produkts",
  languageLabel: "Valoda",
  changeLanguage: "Mainīt valodu",
  securedBy: "Aizsargā Tessera",
};
