import type { LinkMessages } from "./types";

export const he: LinkMessages = {
  soldOutHeading: "אזל מהמלאי",
  soldOutText: "כל מה שהוצע דרך קישור התשלום הזה נמכר. לא בוצע חיוב.",
  inactiveHeading: "קישור התשלום הושבת",
  inactiveText: "בית העסק השבית את קישור התשלום הזה. לא בוצע חיוב.",
  expiredHeading: "תוקף קישור התשלום פג",
  expiredText: "קישור התשלום הזה כבר אינו בתוקף. לא בוצע חיוב.",
  notFoundHeading: "קישור התשלום לא נמצא",
  notFoundText: "קישור התשלום הזה אינו קיים. בדקו את הכתובת שקיבלתם.",
  busyHeading: "יותר מדי בקשות",
  busyText: "קישור התשלום הזה נפתח יותר מדי פעמים מהרשת שלך. נסו שוב בעוד כמה דקות. לא בוצע חיוב.",
  merchant: "בית העסק",
  product: "מוצר",
  languageLabel: "שפה",
  changeLanguage: "החלפת שפה",
  securedBy: "מאובטח על ידי Tessera",
};
