import type { SubscriptionCancelMessages } from "./types";

export const sv: SubscriptionCancelMessages = {
  title: "Säg upp ditt abonnemang",
  explain: "Om du säger upp debiteras inget mer. Ditt abonnemang är aktivt till {date}.",
  explainNoDate: "Om du säger upp debiteras inget mer.",
  confirm: "Säg upp abonnemanget",
  canceledTitle: "Ditt abonnemang är uppsagt",
  canceledBody: "Inget mer kommer att debiteras.",
  canceledUntil: "Det är aktivt till {date}.",
  endedTitle: "Det här abonnemanget har upphört",
  endedBody: "Det finns inget att säga upp.",
  notFoundTitle: "Länken är inte giltig",
  notFoundBody: "Kontrollera länken i ditt e-postmeddelande eller kontakta butiken.",
  unavailable: "Sidan kunde inte laddas. Försök igen senare.",
  planLabel: "Abonnemang",
  shopLabel: "Butik",
};
