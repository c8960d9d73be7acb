import type { LinkMessages } from "./types";

export const fi: LinkMessages = {
  soldOutHeading: "Loppuunmyyty",
  soldOutText: "Kaikki tämän maksulinkin kautta tarjottu on myyty. Mitään ei veloitettu.",
  inactiveHeading: "Maksulinkki poistettu käytöstä",
  inactiveText: "Kauppias on poistanut tämän maksulinkin käytöstä. Mitään ei veloitettu.",
  expiredHeading: "Maksulinkki on vanhentunut",
  expiredText: "Tämä maksulinkki ei ole enää voimassa. Mitään ei veloitettu.",
  notFoundHeading: "Maksulinkkiä ei löytynyt",
  notFoundText: "Tätä maksulinkkiä ei ole olemassa. Tarkista saamasi osoite.",
  busyHeading: "Liian monta pyyntöä",
  busyText:
    "Tämä maksulinkki on avattu verkostasi liian usein. Yritä uudelleen muutaman minuutin kuluttua. Mitään ei veloitettu.",
  merchant: "Kauppias",
  product: "Tuote",
  languageLabel: "Kieli",
  changeLanguage: "Vaihda kieli",
  securedBy: "Suojaa Tessera",
};
