import type { SubscriptionCancelMessages } from "./types";

export const he: SubscriptionCancelMessages = {
  title: "ביטול המינוי שלך",
  explain: "אם תבטל, לא יחויב דבר נוסף. המינוי שלך נשאר פעיל עד {date}.",
  explainNoDate: "אם תבטל, לא יחויב דבר נוסף.",
  confirm: "ביטול המינוי",
  canceledTitle: "המינוי שלך בוטל",
  canceledBody: "לא יחויב דבר נוסף.",
  canceledUntil: "הוא נשאר פעיל עד {date}.",
  endedTitle: "המינוי הזה הסתיים",
  endedBody: "אין מה לבטל.",
  notFoundTitle: "הקישור הזה אינו תקף",
  notFoundBody: "בדוק את הקישור בדוא״ל או פנה לחנות.",
  unavailable: "לא ניתן היה לטעון את הדף. נסה שוב מאוחר יותר.",
  planLabel: "מינוי",
  shopLabel: "חנות",
};
