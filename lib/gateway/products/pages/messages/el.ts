import type { LinkMessages } from "./types";

export const el: LinkMessages = {
  soldOutHeading: "Εξαντλήθηκε",
  soldOutText: "Ό,τι προσφερόταν μέσω αυτού του συνδέσμου πληρωμής έχει πουληθεί. Δεν έγινε καμία χρέωση.",
  inactiveHeading: "Ο σύνδεσμος πληρωμής απενεργοποιήθηκε",
  inactiveText: "Ο έμπορος απενεργοποίησε αυτόν τον σύνδεσμο πληρωμής. Δεν έγινε καμία χρέωση.",
  expiredHeading: "Ο σύνδεσμος πληρωμής έληξε",
  expiredText: "Αυτός ο σύνδεσμος πληρωμής δεν ισχύει πλέον. Δεν έγινε καμία χρέωση.",
  notFoundHeading: "Ο σύνδεσμος πληρωμής δεν βρέθηκε",
  notFoundText: "Αυτός ο σύνδεσμος πληρωμής δεν υπάρχει. Ελέγξτε τη διεύθυνση που σας δόθηκε.",
  merchant: "Έμπορος",
  product: "Προϊόν",
  languageLabel: "Γλώσσα",
  changeLanguage: "Αλλαγή γλώσσας",
  securedBy: "Προστασία από Tessera",
};
