import type { ReceiptMessages } from "./types";

export const he: ReceiptMessages = {
  paymentTitle: "קבלה על תשלום",
  authorizationTitle: "קבלה על הרשאה",
  captureTitle: "קבלה על חיוב",
  voidTitle: "קבלה על ביטול",
  refundTitle: "קבלה על החזר",
  payoutTitle: "קבלה על זיכוי",
  merchant: "בית העסק",
  contact: "יצירת קשר",
  description: "תיאור",
  date: "תאריך",
  card: "כרטיס",
  authorizationCode: "מספר אישור",
  reference: "מספר אסמכתא (RRN)",
  statementDescriptor: "השם בדף החיוב",
  order: "הזמנה",
  transaction: "עסקה",
  testNotice: "עסקת בדיקה: לא הועבר כסף",
  notFoundHeading: "הקבלה לא נמצאה",
  notFoundText: "הקבלה הזו לא קיימת.",
};
