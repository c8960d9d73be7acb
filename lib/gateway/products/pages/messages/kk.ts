import type { LinkMessages } from "./types";

export const kk: LinkMessages = {
  soldOutHeading: "Сатылып кетті",
  soldOutText: "Осы төлем сілтемесі арқылы ұсынылғанның бәрі сатылды. Ақша алынған жоқ.",
  inactiveHeading: "Төлем сілтемесі өшірілді",
  inactiveText: "Сатушы бұл төлем сілтемесін өшірді. Ақша алынған жоқ.",
  expiredHeading: "Төлем сілтемесінің мерзімі өтті",
  expiredText: "Бұл төлем сілтемесі енді жарамсыз. Ақша алынған жоқ.",
  notFoundHeading: "Төлем сілтемесі табылмады",
  notFoundText: "Мұндай төлем сілтемесі жоқ. Өзіңізге берілген мекенжайды тексеріңіз.",
  busyHeading: "Сұраулар тым көп",
  busyText:
    "Бұл төлем сілтемесі желіңізден тым жиі ашылды. Бірнеше минуттан кейін қайталап көріңіз. Ешқандай ақша алынған жоқ.",
  merchant: "Сатушы",
  product: "Тауар",
  languageLabel: "Тіл",
  changeLanguage: "Тілді ауыстыру",
  securedBy: "Tessera қорғайды",
};
